import { describe, expect, it } from 'vitest';
import {
  annuitySchedule,
  CaseType,
  computeDeadlines,
  epGrantSchema,
  RegionCode,
  type AnnuityMatter,
} from '../src/index.js';

// Filed 2019-03-15; the mention of grant published 2023-06-14, in patent year 5 (from
// 2023-03-15): the EPO took that year's fee, the validated states' offices take year 6 onwards.
const granted: AnnuityMatter = {
  type: CaseType.Patent,
  regionCode: RegionCode.Europe,
  applicationDate: '2019-03-15',
  registrationDate: '2023-06-14',
  epGrant: { unitaryEffect: false, validatedStates: ['DE', 'FR', 'GB', 'NL', 'CH', 'SE'] },
};

const entriesOf = (matter: AnnuityMatter, today = '2024-01-10') => annuitySchedule(matter, [], [], today);
const entry = (matter: AnnuityMatter, key: string, today?: string) =>
  entriesOf(matter, today).find((e) => e.deadline.key === key);

describe('renewal fees of a validated European patent', () => {
  it('each validated state owes from the year after the mention of grant, due on the last day of the anniversary month', () => {
    const keys = entriesOf(granted).map((e) => e.deadline.key);
    expect(keys).toContain('ep.patent.renewalFee#5');
    expect(keys).not.toContain('ep.patent.renewalFee#6');
    for (const state of ['FR', 'NL', 'CH', 'SE']) {
      expect(keys).not.toContain(`ep.national.${state}.renewalFee#5`);
      expect(entry(granted, `ep.national.${state}.renewalFee#6`)?.deadline).toMatchObject({
        date: '2024-03-31',
        lateUntil: '2024-09-30',
      });
    }
    // Germany takes the fee without surcharge until the end of the 2nd month after the due date,
    // the UK until the end of the next month: the deadline is that last day, the late period ends
    // 6 months after the due date all the same. The UK charges from the 5th year; the 6th is its
    // first after grant here too.
    expect(entry(granted, 'ep.national.DE.renewalFee#6')?.deadline).toMatchObject({
      date: '2024-05-31',
      lateUntil: '2024-09-30',
    });
    expect(entry(granted, 'ep.national.GB.renewalFee#6')?.deadline).toMatchObject({
      date: '2024-04-30',
      lateUntil: '2024-09-30',
    });
    expect(keys.filter((key) => key.startsWith('ep.national.DE.'))).toHaveLength(15);
    expect(keys).toContain('ep.national.DE.renewalFee#20');
  });

  it('Germany: the 6th year costs EUR 150 under the table in force since 2022-07-01 (OJ EPO 2022, A77)', () => {
    expect(entry(granted, 'ep.national.DE.renewalFee#6')?.fee).toMatchObject({
      amount: 150,
      currency: 'EUR',
      sources: ['https://www.epo.org/de/legal/official-journal/2022/07/a77.html'],
    });
    expect(entry(granted, 'ep.national.DE.renewalFee#20')?.fee?.amount).toBe(2_030);
  });

  it('France: the 6th year costs EUR 76, EUR 114 in the late period (50%)', () => {
    expect(entry(granted, 'ep.national.FR.renewalFee#6')?.fee).toMatchObject({
      amount: 76,
      lateAmount: 114,
      currency: 'EUR',
    });
  });

  it('Switzerland/Liechtenstein: CHF 140 for the 6th year, CHF 50 more when late', () => {
    expect(entry(granted, 'ep.national.CH.renewalFee#6')?.fee).toMatchObject({
      amount: 140,
      lateAmount: 190,
      currency: 'CHF',
    });
  });

  it('Sweden: SEK 2 000 for the 6th year, 20% more when late', () => {
    expect(entry(granted, 'ep.national.SE.renewalFee#6')?.fee).toMatchObject({
      amount: 2_000,
      lateAmount: 2_400,
      currency: 'SEK',
    });
  });

  it('UK and Netherlands: priced from the day their tables were read; an earlier year shows no amount rather than a guess', () => {
    expect(entry(granted, 'ep.national.GB.renewalFee#6')?.feeMissing).toBe('noRow');
    // Year 10 falls due 2028-03-31: £170; late up to 6 months adds £24 for each month after the first.
    expect(entry(granted, 'ep.national.GB.renewalFee#10')?.fee).toMatchObject({
      amount: 170,
      lateAmount: 170 + 5 * 24,
      currency: 'GBP',
    });
    expect(entry(granted, 'ep.national.NL.renewalFee#10')?.fee).toMatchObject({
      amount: 400,
      lateAmount: 600,
      currency: 'EUR',
    });
  });

  it('Germany: EUR 50 more when paid late (PatKostG § 7(1)), with the DPMA notice among the rule texts', () => {
    expect(entry(granted, 'ep.national.DE.renewalFee#6')?.fee).toMatchObject({
      amount: 150,
      lateAmount: 200,
    });
    expect(entry(granted, 'ep.national.DE.renewalFee#6')?.deadline.references.map((r) => r.url)).toContain(
      'https://www.dpma.de/english/our_office/publications/important_notices/archive/importantnotices2020/notice_20072020/index.html',
    );
  });

  it('a fee falling due within 2 months of the mention of grant may be paid until those 2 months end (EPC Art. 141(2))', () => {
    const lateGrant = { ...granted, registrationDate: '2024-02-20' };
    expect(entry(lateGrant, 'ep.national.FR.renewalFee#6')?.deadline).toMatchObject({
      plainDate: '2024-04-20',
      date: '2024-04-20',
    });
    expect(entry(lateGrant, 'ep.national.FR.renewalFee#7')?.deadline.date).toBe('2025-03-31');
    // Germany's own 2 months without surcharge run longer here.
    expect(entry(lateGrant, 'ep.national.DE.renewalFee#6')?.deadline.date).toBe('2024-05-31');
  });

  it('a state not validated owes nothing, and the offices closed days are said not to be applied', () => {
    const deOnly = { ...granted, epGrant: { unitaryEffect: false, validatedStates: ['DE'] as const } };
    const rules = new Set(computeDeadlines(deOnly).map((d) => d.ruleId));
    expect(rules.has('ep.national.FR.renewalFee')).toBe(false);
    const de = computeDeadlines(deOnly).find((d) => d.ruleId === 'ep.national.DE.renewalFee');
    expect(de).toMatchObject({ confirmed: true, caveatKey: 'deadline.caveat.noOfficeCalendar' });
    expect(de?.references[0]).toMatchObject({
      url: 'https://dpma.de/service/gebuehren/patente/index.html',
      official: true,
    });
  });

  it('without recorded validations a granted European patent lists no national fees', () => {
    const { epGrant: _none, ...unrecorded } = granted;
    expect(entriesOf(unrecorded).some((e) => e.deadline.ruleId.startsWith('ep.national.'))).toBe(false);
  });
});

describe('Italy, Spain, Austria and Belgium', () => {
  const southAndCentral: AnnuityMatter = {
    ...granted,
    epGrant: { unitaryEffect: false, validatedStates: ['IT', 'ES', 'AT', 'BE'] },
  };
  const at = (key: string) => entry(southAndCentral, key);

  it('Italy: from the 5th year under the decree of 2 April 2007 (OJ EPO 2007, 455), EUR 100 more when late', () => {
    expect(at('ep.national.IT.renewalFee#5')).toBeUndefined();
    expect(at('ep.national.IT.renewalFee#6')).toMatchObject({
      deadline: { date: '2024-03-31', lateUntil: '2024-09-30', confirmed: true },
      fee: {
        amount: 90,
        lateAmount: 190,
        currency: 'EUR',
        confirmed: true,
        sources: ['https://www.epo.org/en/legal/official-journal/2007/07/p455.html'],
      },
    });
    expect(at('ep.national.IT.renewalFee#11')?.fee?.amount).toBe(310);
    expect(at('ep.national.IT.renewalFee#20')?.fee?.amount).toBe(650);
  });

  it('Spain: 9 months to pay late (3 without surcharge, then 25% and 50%); amounts from a secondary text, priced from the day read', () => {
    expect(at('ep.national.ES.renewalFee#6')).toMatchObject({
      deadline: { date: '2024-06-30', lateUntil: '2024-12-31', confirmed: false },
      feeMissing: 'noRow',
    });
    // Year 9 falls due 2027-03-31: EUR 171.26, at most 50% more in the late period.
    expect(at('ep.national.ES.renewalFee#9')?.fee).toMatchObject({
      amount: 171.26,
      lateAmount: 256.89,
      currency: 'EUR',
      confirmed: false,
    });
    expect(at('ep.national.ES.renewalFee#20')?.fee?.amount).toBe(499.85);
  });

  it('Austria: from the 6th year at the 2014 rates (OJ EPO 2014, A67), 20% when late; the first fee may be paid late for 12 months', () => {
    // The first fee paid to the office: 3 months without surcharge, then 20% to the 12th month.
    expect(at('ep.national.AT.renewalFee#6')).toMatchObject({
      deadline: { date: '2024-06-30', lateUntil: '2025-03-31', confirmed: true },
      fee: { amount: 104, lateAmount: 125, currency: 'EUR', confirmed: true },
    });
    expect(at('ep.national.AT.renewalFee#7')).toMatchObject({
      deadline: { date: '2025-03-31', lateUntil: '2025-09-30' },
      fee: { amount: 208, lateAmount: 250 },
    });
    expect(at('ep.national.AT.renewalFee#20')?.fee?.amount).toBe(1_775);
  });

  it('Belgium: EUR 85 more when late for years 3-10, EUR 230 for 11-20; unconfirmed, and the disputed 11th year shows no amount', () => {
    expect(at('ep.national.BE.renewalFee#9')).toMatchObject({
      deadline: { date: '2027-03-31', lateUntil: '2027-09-30', confirmed: false },
      fee: { amount: 165, lateAmount: 250, currency: 'EUR', confirmed: false },
    });
    expect(at('ep.national.BE.renewalFee#11')?.feeMissing).toBe('noRow');
    expect(at('ep.national.BE.renewalFee#12')?.fee).toMatchObject({ amount: 240, lateAmount: 470 });
    expect(at('ep.national.BE.renewalFee#20')?.fee?.amount).toBe(600);
  });

  it('a rule read from secondary texts only does not lean on EPC Art. 141 to look confirmed', () => {
    const be = computeDeadlines(southAndCentral).find((d) => d.ruleId === 'ep.national.BE.renewalFee');
    expect(be?.references.every((r) => !r.official)).toBe(true);
    const it = computeDeadlines(southAndCentral).find((d) => d.ruleId === 'ep.national.IT.renewalFee');
    expect(it?.references.map((r) => r.url)).toContain(
      'https://www.epo.org/en/legal/national-law/2024/via/it.html',
    );
  });
});

describe('renewal fees of a Unitary Patent', () => {
  const unitary: AnnuityMatter = {
    ...granted,
    epGrant: { unitaryEffect: true, validatedStates: ['GB', 'CH'] },
  };

  it('are owed to the EPO from the year after the mention of grant, beside the states outside the unitary effect', () => {
    expect(entry(unitary, 'ep.unitary.renewalFee#6')).toMatchObject({
      deadline: { date: '2024-03-31', opensOn: '2023-12-31', lateUntil: '2024-09-30' },
      fee: { amount: 475, lateAmount: 713, currency: 'EUR' },
    });
    expect(entry(unitary, 'ep.unitary.renewalFee#20')?.fee?.amount).toBe(4_855);
    expect(entry(unitary, 'ep.national.CH.renewalFee#6')?.fee?.currency).toBe('CHF');
    expect(entry(unitary, 'ep.national.DE.renewalFee#6')).toBeUndefined();
  });
});

describe('recorded validations', () => {
  it('refuses a code that is not an EPC contracting state', () => {
    const result = epGrantSchema.safeParse({ unitaryEffect: false, validatedStates: ['DE', 'US'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.invalidEpcState');
  });

  it('refuses a state twice, and a national validation where the unitary effect applies', () => {
    expect(
      epGrantSchema.safeParse({ unitaryEffect: false, validatedStates: ['DE', 'DE'] }).error?.issues[0]
        ?.message,
    ).toBe('validation.duplicateEpcState');
    const both = epGrantSchema.safeParse({ unitaryEffect: true, validatedStates: ['DE', 'GB'] });
    expect(both.error?.issues[0]).toMatchObject({
      message: 'validation.unitaryStateValidated',
      params: { states: 'DE' },
    });
    expect(
      epGrantSchema.safeParse({ unitaryEffect: true, validatedStates: ['GB', 'CH', 'ES'] }).success,
    ).toBe(true);
  });
});
