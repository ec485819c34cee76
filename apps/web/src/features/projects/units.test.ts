import { describe, expect, it } from 'vitest';
import { csvBom, csvField, toCsv } from '../../shared/csv';
import { deadlineInputOf, deadlinesBeside, deadlinesOf } from './detail/deadlines';
import { formatsFor } from './format';
import { withGroupHeaders } from './list/group-by-family';
import {
  csvQueryOf,
  defaultListView,
  familyGroupsArgsOf,
  listArgsOf,
  readListView,
  writeListView,
} from './list/list-view';
import { viewportRows } from './list/viewport-pages';
import { makeDetail, makeProject } from './test-support';

describe('formats', () => {
  it('writes calendar dates per language without a time-zone shift', () => {
    expect(formatsFor('ja').date('2026-11-23')).toBe('2026年11月23日');
    expect(formatsFor('ja').shortDate('2026-11-23')).toBe('2026/11/23');
    expect(formatsFor('en').date('2026-11-23')).toBe('23 Nov 2026');
    expect(formatsFor('en').shortDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatsFor('ja').date(null)).toBe('');
    expect(formatsFor('en').number(12345)).toBe('12,345');
    expect(formatsFor('ja').bytes(2048)).toBe('2 KB');
  });
});

describe('csv', () => {
  it('starts with a BOM, quotes every field, doubles quotes and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['日本語', null],
      ]),
    ).toBe(`${csvBom}"a","1"\r\n"日本語",""\r\n`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('neutralizes text a spreadsheet would run as a formula, full-width forms too, never a number', () => {
    const formulas = ['=SUM(A1)', '+81', '-1+1', '@x', '\tcmd', '\rcmd', '＝1', '＋1', '－1', '＠x'];
    expect(formulas.map(csvField)).toEqual(formulas.map((text) => `"'${text}"`));
    expect(csvField('a=b')).toBe('"a=b"');
    expect(csvField(-5)).toBe('"-5"');
  });
});

describe('group headers', () => {
  it('puts each group on the row where the sizes before it add up to, loaded or not', () => {
    const loaded = [makeProject({ refrenceCode: 'A-1' }), makeProject({ refrenceCode: 'A-2' })];
    const rows = withGroupHeaders(viewportRows(6, new Map([[0, loaded]])), [
      { family: 'アルファ', count: 2 },
      { family: 'ベータ', count: 3 },
      { family: null, count: 1 },
      // Past the end (the list changed between the two answers): left out.
      { family: 'ガンマ', count: 1 },
    ]);
    expect(
      rows.map((r) => [r.index, r.project?.refrenceCode ?? null, r.group?.family, r.group?.count]),
    ).toEqual([
      [0, 'A-1', 'アルファ', 2],
      [1, 'A-2', undefined, undefined],
      [2, null, 'ベータ', 3],
      [3, null, undefined, undefined],
      [4, null, undefined, undefined],
      [5, null, null, 1],
    ]);
  });

  it('reuses the row objects of unchanged rows and headers (the table re-renders changed rows only)', () => {
    const pages = new Map([[0, [makeProject(), makeProject()]]]);
    const groups = [{ family: 'F', count: 2 }];
    const first = withGroupHeaders(viewportRows(2, pages), groups);
    const again = withGroupHeaders(viewportRows(2, pages), [{ family: 'F', count: 2 }]);
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
    const grown = withGroupHeaders(viewportRows(2, pages), [{ family: 'F', count: 3 }]);
    expect(grown[0]).not.toBe(first[0]);
    expect(grown[0]!.group).toEqual({ family: 'F', count: 3 });
  });
});

describe('list view in the URL', () => {
  it('reads defaults, ignores unknown values and writes only what differs', () => {
    expect(readListView(new URLSearchParams('tab=nope&sort=evil&order=up'))).toEqual(defaultListView);
    const search = writeListView(new URLSearchParams('project-id=x'), {
      ...defaultListView,
      tab: 'trademark',
      q: '  電池 ',
      groupByFamily: true,
    });
    expect(search.toString()).toBe(
      new URLSearchParams({ 'project-id': 'x', tab: 'trademark', q: '電池', group: 'family' }).toString(),
    );
    const view = readListView(search);
    expect(listArgsOf(view)).toEqual({
      tab: 'trademark',
      status: 'all',
      sort: 'updateDate',
      order: 'desc',
      q: '電池',
      group: 'family',
    });
    expect(familyGroupsArgsOf(view)).toEqual({ tab: 'trademark', status: 'all', q: '電池' });
    expect(csvQueryOf(view)).toEqual({
      tab: 'trademark',
      status: 'all',
      sort: 'updateDate',
      order: 'desc',
      q: '電池',
      group: 'family',
    });
    expect(listArgsOf({ ...view, groupByFamily: false })).not.toHaveProperty('group');
  });
});

describe('deadlines of a matter', () => {
  it('reads a PCT matter: filing date from the international group, earliest priority first', () => {
    const detail = makeDetail({
      type: 0,
      regionCode: 202,
      international: {
        applicationNumber: 'PCT/JP2025/001234',
        applicationDate: '2025-01-29',
        publicationNumber: null,
        publicationDate: null,
        nationalTransitionDeadline: '2026-07-30',
        article19AmendmentDeadline: null,
        preliminaryExamDeadline: null,
        searchReportTransmittalDate: null,
      },
      priorityClaims: [
        { regionCode: 1, baseApplicationNumber: 'B', baseApplicationDate: '2024-03-01', accessCode: null },
        { regionCode: 1, baseApplicationNumber: 'A', baseApplicationDate: '2024-01-30', accessCode: null },
      ],
    });
    expect(deadlineInputOf(detail)).toMatchObject({
      applicationDate: '2025-01-29',
      earliestPriorityDate: '2024-01-30',
      internationalFilingDate: null,
    });
    const deadlines = deadlinesOf(detail);
    const entry = deadlinesBeside('international.nationalTransitionDeadline', deadlines);
    expect(entry.map((d) => [d.ruleId, d.date, d.confirmed])).toEqual([
      ['pct.nationalPhaseEntry', '2026-07-30', true],
    ]);
    expect(deadlinesBeside('international.article19AmendmentDeadline', deadlines)[0]?.date).toBe(
      '2025-05-30',
    );
  });

  it('reads a JP national-phase patent: examination counted from the international filing date', () => {
    const detail = makeDetail({
      type: 0,
      regionCode: 1,
      international: { ...makeDetail().international, applicationDate: '2025-01-29' },
      application: { ...makeDetail().application, applicationDate: '2026-07-20' },
    });
    // Three years from 2025-01-29 is Saturday 2028-01-29: due on Monday the 31st.
    expect(deadlinesBeside('application.examRequestPeriod', deadlinesOf(detail))[0]).toMatchObject({
      plainDate: '2028-01-29',
      date: '2028-01-31',
    });
  });
});
