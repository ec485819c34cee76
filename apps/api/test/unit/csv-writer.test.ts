import type { Readable } from 'node:stream';
import { csvFormulaStarts, guardCsvFormula } from '@ipportal/domain';
import { describe, expect, it } from 'vitest';
import { csvBom, csvFile, csvRows, csvStream } from '../../src/csv/writer.js';

const textOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the one CSV writer of the exports', () => {
  it('quotes every field, doubles quotes, keeps commas and line breaks inside their field (RFC 4180)', () => {
    expect(csvRows([['a', 'say "hi"', 'x,y', 'two\r\nlines', '株式会社']])).toBe(
      '"a","say ""hi""","x,y","two\r\nlines","株式会社"\r\n',
    );
  });

  it('writes null, undefined and empty text as empty quoted fields, numbers as they print', () => {
    expect(csvRows([[null, undefined, '', 0, 12.5, -165_000]])).toBe('"","","","0","12.5","-165000"\r\n');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula, never before a number', () => {
    const guarded = ['=SUM(A1)', '+81 3', '-1+1', '@x', '\tcmd', '\rcmd', '＝1', '＋1', '－1', '＠x'];
    expect(csvRows([guarded])).toBe(guarded.map((text) => `"'${text}"`).join(',') + '\r\n');
    // The same cells as the web's CSV (the domain's list), so the two cannot drift apart.
    const fromDomain = csvFormulaStarts.map((start) => `${start}1`);
    expect(csvRows([fromDomain])).toBe(
      fromDomain.map((text) => `"${guardCsvFormula(text)}"`).join(',') + '\r\n',
    );
    expect(csvRows([[-5, 'a=b', "'quoted"]])).toBe(`"-5","a=b","'quoted"\r\n`);
  });

  it('ends every row with CRLF, the last one too', () => {
    expect(csvRows([['a'], ['b']])).toBe('"a"\r\n"b"\r\n');
    expect(csvRows([])).toBe('');
  });

  it('writes a whole file as UTF-8 with the byte order mark and the header first', () => {
    const file = csvFile(['番号', '金額'], [['INV-1', 1100]]);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString('utf8')).toBe(`${csvBom}"番号","金額"\r\n"INV-1","1100"\r\n`);
    expect(csvFile(['only'], []).toString('utf8')).toBe(`${csvBom}"only"\r\n`);
  });

  it('streams batch by batch the same bytes as the whole file', async () => {
    const rows = [
      { code: 'P-1', title: '=cmd' },
      { code: 'P-2', title: 'say "hi"' },
      { code: 'P-3', title: null },
    ];
    async function* batches() {
      for (const batch of [rows.slice(0, 2), [], rows.slice(2)]) yield await Promise.resolve(batch);
    }
    const toRow = (row: (typeof rows)[number]) => [row.code, row.title];
    const streamed = await textOf(csvStream(['code', 'title'], batches(), toRow));
    expect(streamed.equals(csvFile(['code', 'title'], rows.map(toRow)))).toBe(true);
  });
});
