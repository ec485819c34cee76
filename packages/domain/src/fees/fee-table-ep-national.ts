import type { FeeCurrency, FeeReference, FeeRow, LateFee, NationalRenewalOffice } from './fee-row.js';

/*
 * Renewal fees of a granted European patent after the mention of grant: to the national office
 * of each state it was validated in (EPC Art. 141), or to the EPO for a Unitary Patent
 * (Reg. (EU) 1257/2012 Art. 11). Each table is read from an official text: the office's own
 * page, or the notice of the new amounts the EPO publishes in its Official Journal ("Information
 * from the contracting states"). Where the date a table came into force was not found, its
 * `validFrom` is the day it was read: a payment dated earlier finds no row and shows no amount
 * rather than a guess.
 *
 * Where no official text giving the amounts could be read (Spain, Belgium), the table is taken
 * from the best public source found and its rows are marked unconfirmed (`confirmed: false`): the
 * screens say so in neutral words.
 */

/** The day the tables below were read from their sources. */
const readOn = '2026-11-29';

interface Table {
  office: NationalRenewalOffice | 'EP';
  kind: 'renewal' | 'unitaryRenewal';
  currency: FeeCurrency;
  validFrom: string;
  /** Fee per patent year, from the first year with a fee. */
  firstYear: number;
  amounts: readonly number[];
  late?: LateFee;
  reference: FeeReference;
  /** The first year the official text itself gives; earlier years come from a secondary source. */
  confirmedFrom?: number;
  /** No official text giving these amounts was read: every row comes from `reference`, a secondary source. */
  secondary?: true;
}

function rowsOf(table: Table): FeeRow[] {
  const scope = table.kind === 'unitaryRenewal' ? 'unitary' : table.office.toLowerCase();
  return table.amounts.map((base, index) => {
    const year = table.firstYear + index;
    return {
      id: `ep.${scope}.renewal.${year}.${table.validFrom}`,
      office: table.office,
      right: 'patent',
      kind: table.kind,
      years: { from: year, to: year },
      base,
      perUnit: 0,
      unit: 'none',
      currency: table.currency,
      validFrom: table.validFrom,
      reductions: [],
      ...(table.late && { late: table.late }),
      source: table.reference.url,
      reference: table.reference,
      confirmed: !table.secondary && year >= (table.confirmedFrom ?? table.firstYear),
    } satisfies FeeRow;
  });
}

const belgianSource: FeeReference = {
  title: 'Pintz & Associates — Patent renewal in Belgium (annual fees and surcharges)',
  url: 'https://pintz.com/patent-renewal-in-belgium',
  readOn,
};

const tables: readonly Table[] = [
  {
    // PatKostG fee schedule as amended by the Act of 30 August 2021. Late payment (§ 7(1)
    // PatKostG): no surcharge until the end of the 2nd month after the due date, then EUR 50 until
    // the end of the 6th, as the DPMA's notice of 20 July 2020 states
    // (https://www.dpma.de/english/our_office/publications/important_notices/archive/importantnotices2020/notice_20072020/index.html,
    // read 2026-11-29) and the EPO's National Law table VI.A for Germany (PatKostG fee schedule).
    office: 'DE',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: '2022-07-01',
    firstYear: 3,
    amounts: [70, 70, 100, 150, 210, 280, 350, 430, 540, 680, 830, 980, 1130, 1310, 1490, 1670, 1840, 2030],
    late: { kind: 'surcharge', amount: 50 },
    reference: {
      title: 'OJ EPO 2022, A77 — DE Germany: New fee rates (renewal fees from 1 July 2022)',
      url: 'https://www.epo.org/de/legal/official-journal/2022/07/a77.html',
      readOn,
    },
  },
  {
    // Order of 6 March 2020 on INPI procedural fees; late payment within 6 months with a fee of
    // 50% of the annuity (INPI, "Maintenir son brevet en vigueur").
    office: 'FR',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: '2020-04-01',
    firstYear: 2,
    amounts: [38, 38, 38, 38, 76, 96, 136, 180, 220, 260, 300, 350, 400, 460, 520, 580, 650, 730, 800],
    late: { kind: 'percent', percent: 50 },
    reference: {
      title: 'OJ EPO 2020, A67 — FR France: New fee amounts (renewal fees from 1 April 2020)',
      url: 'https://www.epo.org/de/legal/official-journal/2020/05/a67.html',
      readOn,
    },
  },
  {
    // GOV.UK "Renew a patent": no late fee within one month of the due date, then £24 for each
    // further month up to 6 months. The page does not say since when these amounts apply.
    office: 'GB',
    kind: 'renewal',
    currency: 'GBP',
    validFrom: readOn,
    firstYear: 5,
    amounts: [70, 90, 110, 130, 150, 170, 190, 220, 260, 300, 360, 420, 470, 520, 570, 610],
    late: { kind: 'perMonth', amount: 24, freeMonths: 1, months: 6 },
    reference: {
      title: 'GOV.UK — Renew a patent (Renewal fees)',
      url: 'https://www.gov.uk/renew-patent',
      readOn,
    },
  },
  {
    // Ministerial Decree of 2 April 2007 (Law No. 296 of 27 December 2006 reintroduced the
    // renewal fees), in force for renewal fees from 1 January 2007: no fee for years 1-4; late
    // payment within 6 months with EUR 100 (Art. 227 Industrial Property Code). The EPO's National
    // Law table VI.A for Italy (finance data as of January 2026) names the same decree, due date
    // and surcharge; the Chambers of Commerce of Avellino (https://av.camcom.it/print/4863) and
    // Lodi (https://lg.camcom.it/node/1139), which take UIBM filings, list the same amounts today.
    office: 'IT',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: '2007-01-01',
    firstYear: 5,
    amounts: [60, 90, 120, 170, 200, 230, 310, 410, 530, 600, 650, 650, 650, 650, 650, 650],
    late: { kind: 'surcharge', amount: 100 },
    reference: {
      title:
        'OJ EPO 2007, 455 — IT Italy: New fee rates (renewal fees from 1 January 2007, Min. Decr. of 2.4.2007)',
      url: 'https://www.epo.org/en/legal/official-journal/2007/07/p455.html',
      readOn,
    },
  },
  {
    // Spain sets the OEPM's fees each year in the Budget Law; neither the OEPM's tariff nor the
    // EPO's National Law table for Spain could be read. The amounts are those a Japanese patent
    // firm's page quotes from that EPO table (Ley 24/2015 Art. 184): unconfirmed. The late fee
    // (Art. 185 NPL, EPO National Law table VI.B for Spain): 25% in the first 3 months after the
    // 3 months without surcharge, 50% in the next 3.
    office: 'ES',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: readOn,
    firstYear: 3,
    amounts: [
      18.85, 23.52, 45, 66.41, 109.63, 136.47, 171.26, 220.4, 276.27, 324.37, 372.39, 420.86, 449.45, 468.07,
      499.85, 499.85, 499.85, 499.85,
    ],
    late: {
      kind: 'percentSteps',
      steps: [
        { percent: 25, untilMonth: 3 },
        { percent: 50, untilMonth: 6 },
      ],
    },
    reference: {
      title: 'Hasegawa IP — スペインの維持年金（citing EPO, National Law relating to the EPC, VI.A Spain）',
      url: 'https://hasegawa-ip.com/national-laws/es-renewal',
      readOn,
    },
    secondary: true,
  },
  {
    // RVO (Octrooicentrum Nederland) tariff overview; late payment within 6 months with 50%
    // (RVO "Taksen"). The page does not say since when these amounts apply.
    office: 'NL',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: readOn,
    firstYear: 4,
    amounts: [40, 100, 160, 220, 280, 340, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400],
    late: { kind: 'percent', percent: 50 },
    reference: {
      title: 'RVO — Tarievenoverzicht octrooien (instandhoudingstaksen)',
      url: 'https://www.rvo.nl/onderwerpen/innovatief-ondernemen/octrooien-ofwel-patenten/octrooi-merk-model/octrooirecht/tarievenoverzicht',
      readOn,
    },
  },
  {
    // IPI fee ordinance as approved on 17 April 2019; late payment surcharge CHF 50 (PatV Art. 18(3)).
    office: 'CH',
    kind: 'renewal',
    currency: 'CHF',
    validFrom: '2019-07-01',
    firstYear: 4,
    amounts: [100, 120, 140, 160, 180, 220, 260, 300, 340, 400, 460, 520, 600, 680, 760, 860, 960],
    late: { kind: 'surcharge', amount: 50 },
    reference: {
      title: 'OJ EPO 2019, A53 — CH/LI Switzerland/Liechtenstein: New fee rates (from 1 July 2019)',
      url: 'https://epo.org/en/legal/official-journal/2019/05/a53.html',
      readOn,
    },
  },
  {
    // PRV: the amounts apply to payments made from 18 March 2023; late payment within 6 months
    // with 20% added (PRV "Betala årsavgiften").
    office: 'SE',
    kind: 'renewal',
    currency: 'SEK',
    validFrom: '2023-03-18',
    firstYear: 3,
    amounts: [
      1500, 1600, 1800, 2000, 2200, 2600, 2900, 3200, 3600, 4000, 4500, 4900, 5300, 5700, 6100, 6500, 6900,
      7300,
    ],
    late: { kind: 'percent', percent: 20 },
    reference: {
      title: 'PRV — Avgiftsförändringar från och med den 18 mars 2023 (årsavgifter)',
      url: 'https://www.prv.se/sv/om-oss/nyheter/avgiftsforandringar-18-mars-2023/',
      readOn,
    },
  },
  {
    // Patent Fees Act (PAG) § 9 as valorised by the President's ordinance (Patentblatt 4/2014),
    // from 1 July 2014. Since the PAG amendment in force on 1 January 2010 (OJ EPO 2010, 204) a
    // European patent pays the national patent's fees from the 6th year; the earlier EP-only table
    // (OJ EPO 2005, 484: 3rd year EUR 70 to 20th EUR 1 400) no longer applies. No later
    // valorisation notice was found. Late payment with 20% added (PAG § 9(4)-(5)).
    office: 'AT',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: '2014-07-01',
    firstYear: 6,
    amounts: [104, 208, 313, 417, 522, 626, 731, 835, 940, 1044, 1148, 1253, 1357, 1566, 1775],
    late: { kind: 'percent', percent: 20 },
    reference: {
      title: 'OJ EPO 2014, A67 — AT Austria: New fee rates (renewal fees from 1 July 2014, PAG § 9)',
      url: 'https://www.epo.org/en/legal/official-journal/2014/06/a67.html',
      readOn,
    },
  },
  {
    // Royal Decree of 9 November 2015 on patent fees and surcharges (in force 1 January 2016;
    // Code of Economic Law Art. XI.48); the decree's annex could not be read. Years 3-10 as two
    // public sources agree (Pintz & Associates; Way-insight), with the EUR 85 surcharge for
    // late payment within 6 months: unconfirmed.
    office: 'BE',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: readOn,
    firstYear: 3,
    amounts: [40, 55, 75, 95, 110, 135, 165, 185],
    late: { kind: 'surcharge', amount: 85 },
    reference: belgianSource,
    secondary: true,
  },
  {
    // Years 12-20 of the same decree, surcharge EUR 230. The 11th year is left out: the two
    // sources disagree (EUR 210 and EUR 215), so it shows no amount rather than a guess. Years
    // 18-20 come from Way-insight alone (Patenthuis also gives EUR 600 for the 20th).
    office: 'BE',
    kind: 'renewal',
    currency: 'EUR',
    validFrom: readOn,
    firstYear: 12,
    amounts: [240, 275, 320, 360, 400, 450, 500, 555, 600],
    late: { kind: 'surcharge', amount: 230 },
    reference: belgianSource,
    secondary: true,
  },
];

/** National renewal fees of validated European patents, per state and patent year. */
export const nationalRenewalFeeRows: readonly FeeRow[] = tables.flatMap(rowsOf);

/**
 * Unitary Patent renewal fees (Rules relating to Fees for Unitary Patent Protection, Art. 2(1)
 * item 1), payable to the EPO from the Unitary Patent system's start on 2023-06-01; 50%
 * additional fee in the 6 months after the due date (Rule 13(3) UPR, Art. 2(1) item 2 RFeesUPP).
 * The EPO's cost page lists years 10-20 and the 20-year total (EUR 35 555). Years 2-9 come from
 * a secondary source (https://www.vinazzer.com/en-us/jahresgebuehren-fuer-einheitspatente/,
 * citing OJ EPO 2022); their sum, 3 510, is exactly what completes the EPO's total.
 */
export const unitaryPatentFeeRows: readonly FeeRow[] = rowsOf({
  office: 'EP',
  kind: 'unitaryRenewal',
  currency: 'EUR',
  validFrom: '2023-06-01',
  firstYear: 2,
  confirmedFrom: 10,
  amounts: [
    35, 105, 145, 315, 475, 630, 815, 990, 1175, 1460, 1775, 2105, 2455, 2830, 3240, 3640, 4055, 4455, 4855,
  ],
  late: { kind: 'percent', percent: 50 },
  reference: {
    title: 'EPO — Cost of a Unitary Patent (renewal fees)',
    url: 'https://www.epo.org/en/applying/european/unitary/unitary-patent/cost',
    readOn,
  },
});
