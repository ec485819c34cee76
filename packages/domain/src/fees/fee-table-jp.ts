import type { FeeRow } from './fee-row.js';

const jpoRevision2022 = 'https://www.jpo.go.jp/system/process/tesuryo/kaisei/2022_ryokinkaitei.html';
const jpoFeeList = 'https://www.jpo.go.jp/system/process/tesuryo/hyou.html';

/**
 * SMEs 1/2, small or young companies 1/3 of the annuities for years 1-10 of patents whose
 * examination was requested on or after 2019-04-01, each year's fee rounded down to 10 yen
 * (https://www.jpo.go.jp/system/process/tesuryo/genmen/genmen20190401/02_01.html; rounding:
 * https://www.jpo.go.jp/system/process/tesuryo/jidou-keisan/kokunai.html).
 */
const patentReductions = (years: { to: number }) =>
  years.to <= 10
    ? ([
        { reduction: 'jpSme', factor: 1 / 2, roundDownTo: 10, examRequestedOnOrAfter: '2019-04-01' },
        { reduction: 'jpSmallCompany', factor: 1 / 3, roundDownTo: 10, examRequestedOnOrAfter: '2019-04-01' },
      ] as const)
    : [];

/** Which patents a table applies to, and where its amounts come from. */
interface PatentTable {
  examRequested: { onOrAfter?: string; before?: string };
  source: string;
  confirmed: boolean;
}

/*
 * The 2004 reform keyed the table to the date examination was requested; patents requested
 * earlier kept the old amounts ("平成16年3月31日以前に審査請求をした出願の特許料について、改定はありません").
 */
const currentTable: PatentTable = {
  examRequested: { onOrAfter: '2004-04-01' },
  source: jpoRevision2022,
  confirmed: true,
};

/** Patent annuities (Patent Act Art. 107; Cabinet Order Art. 8-2): base + per claim, per year. */
function patentRows(
  validFrom: string,
  rows: readonly [from: number, to: number, base: number, perClaim: number][],
  table: PatentTable = currentTable,
): FeeRow[] {
  const legacy = table !== currentTable;
  return rows.map(([from, to, base, perClaim]) => ({
    id: `jp.patent.annuity.${legacy ? 'examBefore2004.' : ''}${from}-${to}.${validFrom}`,
    office: 'JP',
    right: 'patent',
    kind: 'annuity',
    years: { from, to },
    base,
    perUnit: perClaim,
    unit: 'claim',
    currency: 'JPY',
    validFrom,
    examRequested: table.examRequested,
    // The 2019 reductions require an exam request from 2019 on: never a legacy patent.
    reductions: legacy ? [] : patentReductions({ to }),
    late: { kind: 'double' },
    source: table.source,
    confirmed: table.confirmed,
  }));
}

function yearly(
  right: 'utilityModel' | 'design',
  validFrom: string,
  rows: readonly [from: number, to: number, base: number, perClaim: number][],
  source: string,
  confirmed: boolean,
): FeeRow[] {
  return rows.map(([from, to, base, perUnit]) => ({
    id: `jp.${right}.annuity.${from}-${to}.${validFrom}`,
    office: 'JP',
    right,
    kind: 'annuity',
    years: { from, to },
    base,
    perUnit,
    unit: perUnit ? 'claim' : 'none',
    currency: 'JPY',
    validFrom,
    reductions: [],
    late: { kind: 'double' },
    source,
    confirmed,
  }));
}

function trademark(
  kind: 'trademarkRegistration' | 'trademarkRenewal',
  validFrom: string,
  lump10: number,
  half5: number,
  source: string,
): FeeRow[] {
  const years = kind === 'trademarkRegistration' ? { from: 1, to: 10 } : { from: 11, to: 999 };
  return (
    [
      ['lump10', lump10],
      ['half5', half5],
    ] as const
  ).map(([instalment, perClass]) => ({
    id: `jp.trademark.${kind}.${instalment}.${validFrom}`,
    office: 'JP',
    right: 'trademark',
    kind,
    years,
    instalment,
    base: 0,
    perUnit: perClass,
    unit: 'class',
    currency: 'JPY',
    validFrom,
    reductions: [],
    // Late renewal (Art. 20(3)) and a late second half (Art. 41-3) cost the fee again as a surcharge.
    late: { kind: 'double' },
    source,
    confirmed: true,
  }));
}

/**
 * Annuities of patents whose examination was requested before 2004-04-01: the 2004 reform and the
 * 2022 revision left them unchanged. Years 1-6 come from a secondary source; years 7-25 are not in
 * the research, so those years show "no fee row" rather than a guess. Such patents have expired
 * unless their term was extended. In force before the reform too, from a date not researched:
 * the rows only ever apply to payments made after it.
 */
const legacyPatentRows = patentRows(
  '2004-04-01',
  [
    [1, 3, 10_300, 900],
    [4, 6, 16_100, 1_300],
  ],
  {
    examRequested: { before: '2004-04-01' },
    source: 'http://hayabusa-ipo.sakura.ne.jp/ryokin/7.html',
    confirmed: false,
  },
);

export const japaneseFeeRows: readonly FeeRow[] = [
  ...legacyPatentRows,
  // Before 2022-04-01 (the old column of the JPO's 2022 revision table). The date the old amounts
  // came in is not in the research, so the row starts at the reform that keyed the table to the
  // exam-request date.
  ...patentRows('2004-04-01', [
    [1, 3, 2_100, 200],
    [4, 6, 6_400, 500],
    [7, 9, 19_300, 1_500],
    [10, 25, 55_400, 4_300],
  ]),
  // INPIT's example: 2 claims, year 1 = 4,300 + 2 x 300 = 4,900 (https://faq.inpit.go.jp/FAQ/2024/01/000227.html).
  ...patentRows('2022-04-01', [
    [1, 3, 4_300, 300],
    [4, 6, 10_300, 800],
    [7, 9, 24_800, 1_900],
    [10, 25, 59_400, 4_600],
  ]),
  // Utility Model Act Art. 31: not changed in 2022; in force earlier too, from a date not researched.
  ...yearly(
    'utilityModel',
    '2022-04-01',
    [
      [1, 3, 2_100, 100],
      [4, 6, 6_100, 300],
      [7, 10, 18_100, 900],
    ],
    'https://patent-wars.com/wiki/実用新案法第三十一条',
    false,
  ),
  // Design Act Art. 42, per design (secondary, quoting the JPO table).
  ...yearly(
    'design',
    '2020-04-01',
    [
      [1, 3, 8_500, 0],
      [4, 25, 16_900, 0],
    ],
    'https://cita2ip.com/news2020-01-01/',
    false,
  ),
  // Trademark registration and renewal per class, lump 10 years or each 5-year half
  // (https://amazing.dx.harakenzo.com/en/guide/installment/, confirmed by the JPO fee list).
  ...trademark('trademarkRegistration', '2016-04-01', 28_200, 16_400, jpoRevision2022),
  ...trademark('trademarkRenewal', '2016-04-01', 38_800, 22_600, jpoRevision2022),
  ...trademark('trademarkRegistration', '2022-04-01', 32_900, 17_200, jpoFeeList),
  ...trademark('trademarkRenewal', '2022-04-01', 43_600, 22_800, jpoFeeList),
];
