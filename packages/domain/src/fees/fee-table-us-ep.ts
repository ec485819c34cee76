import type { FeeRow } from './fee-row.js';

/**
 * USPTO maintenance fees (35 U.S.C. 41(b); 37 CFR 1.20(e)-(h)), in force since 2025-01-19 (final
 * rule 89 FR 91898, https://govinfo.gov/content/pkg/FR-2024-11-20/html/2024-26821.htm). Small
 * entities pay 40%, micro entities 20% (60% and 80% off); the same reductions apply to the grace
 * period surcharge (37 CFR 1.20(h): $540 / $216 / $108, figures from a secondary calculator).
 */
const usReductions = [
  { reduction: 'usSmall', factor: 0.4 },
  { reduction: 'usMicro', factor: 0.2 },
] as const;

const usMaintenance = (year: number, base: number): FeeRow => ({
  id: `us.patent.maintenance.${year}.2025-01-19`,
  office: 'US',
  right: 'patent',
  kind: 'maintenance',
  years: { from: year, to: year },
  base,
  perUnit: 0,
  unit: 'none',
  currency: 'USD',
  validFrom: '2025-01-19',
  reductions: usReductions,
  late: { kind: 'surcharge', amount: 540 },
  source: 'https://govinfo.gov/content/pkg/FR-2024-11-20/html/2024-26821.htm',
  confirmed: true,
});

/**
 * EPO renewal fees for a pending European application (Rules relating to Fees Art. 2(1) item 4),
 * in force since 2024-04-01; 50% additional fee in the grace period (Rule 51(2)).
 * Source: https://www.williamspowell.com/news/european-patent-office-fees-increase-from-1-april-2024
 * (3rd-6th years confirmed by https://lewissilkin.com/en/insights/epo-fee-increases).
 */
const epRenewal = (from: number, to: number, base: number): FeeRow => ({
  id: `ep.patent.renewal.${from}-${to}.2024-04-01`,
  office: 'EP',
  right: 'patent',
  kind: 'renewal',
  years: { from, to },
  base,
  perUnit: 0,
  unit: 'none',
  currency: 'EUR',
  validFrom: '2024-04-01',
  reductions: [],
  late: { kind: 'percent', percent: 50 },
  source: 'https://www.williamspowell.com/news/european-patent-office-fees-increase-from-1-april-2024',
  confirmed: false,
});

export const foreignFeeRows: readonly FeeRow[] = [
  usMaintenance(4, 2_150),
  usMaintenance(8, 4_040),
  usMaintenance(12, 8_280),
  epRenewal(3, 3, 690),
  epRenewal(4, 4, 845),
  epRenewal(5, 5, 1_000),
  epRenewal(6, 6, 1_155),
  epRenewal(7, 7, 1_310),
  epRenewal(8, 8, 1_465),
  epRenewal(9, 9, 1_620),
  epRenewal(10, 20, 1_775),
];
