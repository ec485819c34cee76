import { CaseType } from '../codes/codes.js';
import type { NationalRenewalOffice } from '../fees/fee-row.js';
import { RegionCode } from '../regions/region-codes.js';
import { noClosingFact } from './closures.js';
import type { DeadlineInput } from './deadline-input.js';
import type { DeadlineRule, LegalSource, RuleReference, RuleResult } from './deadline-types.js';
import { lastDayOfMonth, plusMonths, plusYears } from './date-math.js';

/*
 * Renewal fees of a granted European patent after the mention of grant. The EPO collects the
 * fee for the patent year in which the mention is published (EPC Art. 86(2)); each later year is
 * owed to the office of every state the patent was validated in (Art. 141(1)) and, for a
 * Unitary Patent, to the EPO (Reg. (EU) 1257/2012 Art. 11(1)). Every office below makes the fee
 * for the coming patent year due on the last day of the month of the filing anniversary, and
 * allows late payment with a surcharge: 6 months after the due date, except Spain (9: 3 months
 * without surcharge, then 6 with one) and Austria's first fee (12). Where an office allows some
 * months without surcharge after the due date (Germany 2, Switzerland 3, Spain 3, Austria's first
 * fee 3), the date stays the due date and the rule's text says so. None of these offices' closed
 * days are applied (caveat `noOfficeCalendar`).
 */

const readOn = '2026-11-29';

const art141: RuleReference = {
  title: 'EPO, National Law relating to the EPC, VI.A Payment of renewal fees (EPC Art. 141)',
  url: 'https://epo.org/en/legal/national-law/2024/via/index.htm',
  readOn,
  official: true,
};

interface NationalRenewal {
  state: NationalRenewalOffice;
  /** The first patent year the office charges a fee for. */
  firstYear: number;
  /** Months after the due date the fee may still be paid with a surcharge (6 unless said). */
  lateMonths?: number;
  /** The same for the first fee paid to the office after grant, where it differs (Austria). */
  firstFeeLateMonths?: number;
  /**
   * Months after the due date the fee may still be paid without surcharge (Germany 2, the UK 1):
   * the deadline is the last of those days, so the docket does not call a fee late, or add a
   * surcharge, while the office still takes it at its base amount.
   */
  surchargeFreeMonths?: number;
  /** The same for the first fee paid to the office after grant, where it differs (Austria). */
  firstFeeSurchargeFreeMonths?: number;
  source: LegalSource;
  references: readonly RuleReference[];
}

const nationalRenewals: readonly NationalRenewal[] = [
  {
    state: 'DE',
    firstYear: 3,
    surchargeFreeMonths: 2,
    source: {
      ja: 'ドイツ特許費用法（PatKostG）第3条(2)・第7条(1)、欧州特許条約（EPC）第141条',
      en: 'PatKostG § 3(2), § 7(1); EPC Art. 141',
    },
    references: [
      {
        title: 'DPMA — Gebühren für Patentschutz (Jahresgebühren, Zahlungsfrist)',
        url: 'https://dpma.de/service/gebuehren/patente/index.html',
        readOn,
        official: true,
      },
      {
        title:
          'DPMA — Notice of 20 July 2020 (annual fees: no surcharge until the end of the 2nd month after the due date, EUR 50 until the end of the 6th; PatKostG § 7(1))',
        url: 'https://www.dpma.de/english/our_office/publications/important_notices/archive/importantnotices2020/notice_20072020/index.html',
        readOn,
        official: true,
      },
    ],
  },
  {
    state: 'FR',
    firstYear: 2,
    source: {
      ja: 'フランス知的財産法典 R613-46条・L612-19条、欧州特許条約（EPC）第141条',
      en: 'French IP Code Art. R613-46, L612-19; EPC Art. 141',
    },
    references: [
      {
        title: 'INPI — Maintenir son brevet en vigueur (Quand payer les annuités ?)',
        url: 'http://www.inpi.fr/fr/brevets/la-vie-de-votre-brevet/maintenir-son-brevet-en-vigueur.html',
        readOn,
        official: true,
      },
    ],
  },
  {
    state: 'GB',
    firstYear: 5,
    surchargeFreeMonths: 1,
    source: {
      ja: '英国特許規則（Patents Rules 2007）第37条、欧州特許条約（EPC）第141条',
      en: 'Patents Rules 2007 r. 37; EPC Art. 141',
    },
    references: [
      {
        title: 'GOV.UK — Renew a patent',
        url: 'https://www.gov.uk/renew-patent',
        readOn,
        official: true,
      },
    ],
  },
  {
    state: 'IT',
    firstYear: 5,
    source: {
      ja: 'イタリア産業財産法典 第227条、2007年4月2日省令、欧州特許条約（EPC）第141条',
      en: 'Italian Industrial Property Code Art. 227; Min. Decr. of 2.4.2007; EPC Art. 141',
    },
    references: [
      {
        title: 'EPO, National Law relating to the EPC, VI.A Payment of renewal fees — Italy',
        url: 'https://www.epo.org/en/legal/national-law/2024/via/it.html',
        readOn,
        official: true,
      },
    ],
  },
  {
    // Ley 24/2015 Arts. 184-185: due on the last day of the anniversary month, payable without
    // surcharge for 3 months after it, then 3 months with 25% and 3 more with 50% added. The EPO's
    // National Law table VI.B for Spain (official) gives the two surcharge periods after "the time
    // limit in Table VI.A, section 2(b)"; the 3 months without surcharge were read only in the
    // secondary text below, so the rule is not confirmed.
    state: 'ES',
    firstYear: 3,
    lateMonths: 9,
    surchargeFreeMonths: 3,
    source: {
      ja: 'スペイン特許法（Ley 24/2015）第184条・第185条、欧州特許条約（EPC）第141条',
      en: 'Spanish Patents Act (Ley 24/2015) Arts. 184-185; EPC Art. 141',
    },
    references: [
      {
        title: 'Hasegawa IP — スペインの維持年金（Art. 157 and 184 NPL）',
        url: 'https://hasegawa-ip.com/national-laws/es-renewal',
        readOn,
        official: false,
      },
    ],
  },
  {
    state: 'NL',
    firstYear: 4,
    source: {
      ja: 'オランダ特許法（Rijksoctrooiwet 1995）、欧州特許条約（EPC）第141条',
      en: 'Rijksoctrooiwet 1995; EPC Art. 141',
    },
    references: [
      {
        title: 'RVO — Taksen (octrooien)',
        url: 'https://www.rvo.nl/onderwerpen/octrooien-ofwel-patenten/octrooien-praktijk/taksen',
        readOn,
        official: true,
      },
    ],
  },
  {
    state: 'CH',
    firstYear: 4,
    source: {
      ja: 'スイス特許令（PatV）第18条(2)・(3)、欧州特許条約（EPC）第141条',
      en: 'Swiss Patent Ordinance Art. 18(2)-(3); EPC Art. 141',
    },
    references: [
      {
        title: 'EPO, National Law relating to the EPC, VI.A Payment of renewal fees — Switzerland',
        url: 'https://www.epo.org/en/legal/national-law/2024/via/ch.html',
        readOn,
        official: true,
      },
    ],
  },
  {
    state: 'SE',
    firstYear: 3,
    source: {
      ja: 'スウェーデン特許法（Patentlag）、欧州特許条約（EPC）第141条',
      en: 'Swedish Patents Act; EPC Art. 141',
    },
    references: [
      {
        title: 'PRV — Betala årsavgiften',
        url: 'https://www.prv.se/sv/patent/stora-patentguiden/forvalta-ansokan-eller-patent/uppratthall-patenskyddet/betala-arsavgiften/',
        readOn,
        official: true,
      },
    ],
  },
  {
    // PAG § 9(3)-(5): the first fee paid to the office may be paid without surcharge for 3 months
    // after its due date and with 20% until the end of the 12th month; each later fee by its due
    // date, with 20% until the end of the 6th month.
    state: 'AT',
    firstYear: 6,
    firstFeeLateMonths: 12,
    firstFeeSurchargeFreeMonths: 3,
    source: {
      ja: 'オーストリア特許庁手数料法（PAG）第9条、欧州特許条約（EPC）第141条',
      en: 'Austrian Patent Fees Act (PAG) § 9; EPC Art. 141',
    },
    references: [
      {
        title: 'EPO, Nationales Recht zum EPÜ, VI.A Zahlung der Jahresgebühren — Österreich (§ 9 PAG)',
        url: 'https://www.epo.org/law-practice/legal-texts/html/natlaw/de/via/at.htm',
        readOn,
        official: true,
      },
    ],
  },
  {
    // No official text on the Belgian due date and grace period could be read: unconfirmed.
    state: 'BE',
    firstYear: 3,
    source: {
      ja: 'ベルギー経済法典 第XI.48条、欧州特許条約（EPC）第141条',
      en: 'Belgian Code of Economic Law Art. XI.48; EPC Art. 141',
    },
    references: [
      {
        title: 'Pintz & Associates — Patent renewal in Belgium',
        url: 'https://pintz.com/patent-renewal-in-belgium',
        readOn,
        official: false,
      },
    ],
  },
];

/** The right the rules apply to: a European patent whose mention of grant is recorded. */
function grantOf(input: DeadlineInput) {
  if (input.regionCode !== RegionCode.Europe || input.type !== CaseType.Patent) return undefined;
  const filing = input.internationalFilingDate ?? input.applicationDate;
  const grant = input.registrationDate;
  return filing && grant && input.epGrant ? { filing, grant, epGrant: input.epGrant } : undefined;
}

/** How one office times a yearly fee after its plain due date, for the first fee and the rest. */
interface FeeTiming {
  dueOf: (plainDue: string) => string;
  /** Months after the plain due date the fee is still taken without surcharge. */
  surchargeFreeMonthsOf: (firstFee: boolean) => number;
  /** Months after the plain due date the fee is still taken at all (with a surcharge). */
  lateMonthsOf: (firstFee: boolean) => number;
}

/**
 * The patent years after the one in which the mention of grant is published, from `firstYear`
 * to the 20th (Art. 63(1)): year N begins on the (N-1)th filing anniversary, and its fee falls
 * due on the last day of that anniversary's month. The deadline is the last day the fee is taken
 * without surcharge; the late period ends `lateMonthsOf` months after the plain due date.
 */
function yearsAfterGrant(filing: string, grant: string, firstYear: number, timing: FeeTiming): RuleResult[] {
  const results: RuleResult[] = [];
  for (let year = Math.max(firstYear, 2); year <= 20; year += 1) {
    const anniversary = plusYears(filing, year - 1);
    // The EPO collected the fee of the year the mention of grant fell in (rules-us-ep.ts).
    if (anniversary <= grant) continue;
    const firstFee = results.length === 0;
    const plainDue = lastDayOfMonth(anniversary);
    const freeMonths = timing.surchargeFreeMonthsOf(firstFee);
    const withoutSurcharge = freeMonths > 0 ? lastDayOfMonth(plusMonths(plainDue, freeMonths)) : plainDue;
    const date = timing.dueOf(withoutSurcharge);
    const lateUntil = lastDayOfMonth(plusMonths(plainDue, timing.lateMonthsOf(firstFee)));
    results.push({ year, date, lateUntil: lateUntil < date ? date : lateUntil });
  }
  return results;
}

function nationalRule(renewal: NationalRenewal): DeadlineRule {
  return {
    id: `ep.national.${renewal.state}.renewalFee`,
    kind: 'payment',
    source: renewal.source,
    // Art. 141 lets a state charge the fees; it says nothing of the state's own dates. It is
    // cited beside a state's official text, not in place of one (a rule read from secondary
    // texts only stays unconfirmed).
    references: renewal.references.some((reference) => reference.official)
      ? [...renewal.references, art141]
      : renewal.references,
    caveatKey: 'deadline.caveat.noOfficeCalendar',
    closedBy: noClosingFact,
    compute(input) {
      const granted = grantOf(input);
      if (!granted || !granted.epGrant.validatedStates.includes(renewal.state)) return undefined;
      // A national fee falling due within two months of the mention of grant may still be paid
      // without surcharge until those two months end (EPC Art. 141(2)).
      const graceAfterGrant = plusMonths(granted.grant, 2);
      return yearsAfterGrant(granted.filing, granted.grant, renewal.firstYear, {
        dueOf: (due) => (due <= graceAfterGrant ? graceAfterGrant : due),
        surchargeFreeMonthsOf: (firstFee) =>
          (firstFee ? renewal.firstFeeSurchargeFreeMonths : undefined) ?? renewal.surchargeFreeMonths ?? 0,
        lateMonthsOf: (firstFee) =>
          (firstFee ? renewal.firstFeeLateMonths : undefined) ?? renewal.lateMonths ?? 6,
      });
    },
  };
}

const unitaryRule: DeadlineRule = {
  // Due for the years after the one of the mention of grant (Reg. (EU) 1257/2012 Art. 11(1)),
  // on the last day of the month of the filing anniversary, payable 3 months early; 6 months'
  // grace with a 50% additional fee (Rule 13(1)-(3) UPR). A fee falling due before, or within 3
  // months after, the communication registering unitary effect may be paid until 3 months after
  // it (Rule 13(4)-(5) UPR): the matter does not record that communication, so the dates below
  // do not apply that later time.
  id: 'ep.unitary.renewalFee',
  kind: 'payment',
  source: {
    ja: '単一効に関する規則（EU）1257/2012 第11条、単一特許保護規則（UPR）規則13',
    en: 'Reg. (EU) 1257/2012 Art. 11; Rule 13 UPR',
  },
  references: [
    {
      title: 'Rules relating to Unitary Patent Protection, Rule 13 (Renewal fees)',
      url: 'https://epo.org/de/legal/up-upc/2022/upr_13.html',
      readOn,
      official: true,
    },
    {
      title: 'Regulation (EU) No 1257/2012, Article 11 (Renewal fees)',
      url: 'https://epo.org/en/legal/up-upc/2022/eu20121257_11.html',
      readOn,
      official: true,
    },
  ],
  caveatKey: 'deadline.caveat.unitaryRegistration',
  closedBy: noClosingFact,
  compute(input) {
    const granted = grantOf(input);
    if (!granted?.epGrant.unitaryEffect) return undefined;
    return yearsAfterGrant(granted.filing, granted.grant, 2, {
      dueOf: (due) => due,
      surchargeFreeMonthsOf: () => 0,
      lateMonthsOf: () => 6,
    }).map((result) => ({
      ...result,
      opensOn: plusMonths(result.date, -3),
    }));
  },
};

export const epValidationRules: readonly DeadlineRule[] = [
  ...nationalRenewals.map(nationalRule),
  unitaryRule,
];
