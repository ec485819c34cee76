import { describe, expect, it } from 'vitest';
import { guardCsvFormula } from '../src/index.js';

describe('the CSV formula guard', () => {
  it('puts an apostrophe before text a spreadsheet would run as a formula, full-width forms too', () => {
    const formulas = ['=SUM(A1)', '+81 3', '-1+1', '@x', '\tcmd', '\rcmd', '＝1', '＋1', '－1', '＠x'];
    expect(formulas.map(guardCsvFormula)).toEqual(formulas.map((text) => `'${text}`));
  });

  it('leaves other text as it is, formula characters inside it included', () => {
    for (const text of ['', 'a=b', "'quoted", '株式会社', ' =1', '1-2'])
      expect(guardCsvFormula(text)).toBe(text);
  });
});
