import { describe, expect, it } from 'vitest';
import {
  CaseType,
  computeDeadlines,
  deadlineRules,
  RegionCode,
  translateDomainKey,
  type DeadlineRuleId,
} from '../src/index.js';

function deadline(ruleId: DeadlineRuleId, input: Parameters<typeof computeDeadlines>[0]) {
  return computeDeadlines(input).find((d) => d.ruleId === ruleId);
}

describe('deadline rules (worked examples)', () => {
  it('JP examination request: 3 years from the Japanese filing date', () => {
    // Filed 2023-04-10 at the JPO: request examination by 2026-04-10.
    expect(
      deadline('jp.patent.examinationRequest', {
        type: CaseType.Patent,
        regionCode: RegionCode.Japan,
        applicationDate: '2023-04-10',
      })?.date,
    ).toBe('2026-04-10');
  });

  it('JP examination request: counts from the international filing date for PCT national phase, not priority', () => {
    const result = deadline('jp.patent.examinationRequest', {
      type: CaseType.Patent,
      regionCode: RegionCode.Japan,
      applicationDate: '2025-01-20',
      internationalFilingDate: '2022-07-15',
      earliestPriorityDate: '2021-07-16',
    });
    expect(result?.date).toBe('2025-07-15');
  });

  it('JP examination request: a Paris-route case counts from the Japanese filing, not the priority date', () => {
    const result = deadline('jp.patent.examinationRequest', {
      type: CaseType.Patent,
      regionCode: RegionCode.Japan,
      applicationDate: '2024-03-01',
      earliestPriorityDate: '2023-03-02',
    });
    expect(result?.date).toBe('2027-03-01');
  });

  it('JP patent term: 20 years from filing; a leap day falls back to 28 February', () => {
    expect(
      deadline('jp.patent.termExpiry', {
        type: CaseType.Patent,
        regionCode: RegionCode.Japan,
        applicationDate: '2024-02-29',
      })?.date,
    ).toBe('2044-02-29');
    expect(
      deadline('jp.patent.termExpiry', {
        type: CaseType.Patent,
        regionCode: RegionCode.Japan,
        applicationDate: '2020-02-29',
      })?.date,
    ).toBe('2040-02-29');
    expect(
      deadline('jp.utilityModel.termExpiry', {
        type: CaseType.UtilityModel,
        regionCode: RegionCode.Japan,
        applicationDate: '2024-02-29',
      })?.date,
    ).toBe('2034-02-28');
  });

  it('JP design term: 25 years from filing on or after 2020-04-01, else 20 years from registration', () => {
    expect(
      deadline('jp.design.termExpiry', {
        type: CaseType.Design,
        regionCode: RegionCode.Japan,
        applicationDate: '2020-04-01',
      })?.date,
    ).toBe('2045-04-01');
    expect(
      deadline('jp.design.termExpiry', {
        type: CaseType.Design,
        regionCode: RegionCode.Japan,
        applicationDate: '2019-05-10',
        registrationDate: '2020-01-17',
      })?.date,
    ).toBe('2040-01-17');
    expect(
      deadline('jp.design.termExpiry', {
        type: CaseType.Design,
        regionCode: RegionCode.Japan,
        applicationDate: '2019-05-10',
      }),
    ).toBeUndefined();
  });

  it('JP trademark: expiry 10 years after registration; renewal window 6 months before, late period 6 months after', () => {
    const input = { type: CaseType.Trademark, regionCode: RegionCode.Japan, registrationDate: '2016-08-31' };
    expect(deadline('jp.trademark.termExpiry', input)?.date).toBe('2026-08-31');
    const window = deadline('jp.trademark.renewalWindow', input);
    // Sources differ by one day on the window's first day (INPIT: expiry 4/10, from 10/11); the
    // later is shown. 2027-02-28 is a Sunday: the late period ends on Monday 1 March.
    expect(window).toMatchObject({
      key: 'jp.trademark.renewalWindow#11',
      year: 11,
      throughYear: 20,
      opensOn: '2026-03-01',
      date: '2026-08-31',
      lateUntil: '2027-03-01',
    });
  });

  it('PCT national phase: 30 months from the earliest priority date (EP: 31 months)', () => {
    const input = {
      type: CaseType.Patent,
      regionCode: RegionCode.Pct,
      applicationDate: '2025-03-14',
      earliestPriorityDate: '2024-03-15',
    };
    expect(deadline('pct.nationalPhaseEntry', input)?.date).toBe('2026-09-15');
    expect(deadline('pct.nationalPhaseEntryEp', input)?.date).toBe('2026-10-15');
  });

  it('PCT national phase without a priority claim counts from the international filing date', () => {
    // 30 months from 2024-08-31 is Sunday 2027-02-28: every office is closed, so it moves to Monday.
    expect(
      deadline('pct.nationalPhaseEntry', {
        type: CaseType.Patent,
        regionCode: RegionCode.Pct,
        applicationDate: '2024-08-31',
      }),
    ).toMatchObject({ plainDate: '2027-02-28', date: '2027-03-01', shift: { reason: 'weekend' } });
  });

  it('Article 19: the later of 2 months from the search report and 16 months from priority', () => {
    const base = {
      type: CaseType.Patent,
      regionCode: RegionCode.Pct,
      applicationDate: '2025-01-10',
      earliestPriorityDate: '2024-01-10',
    };
    // Report sent early: 16 months from priority wins (Saturday 2025-05-10, moved to Monday).
    expect(
      deadline('pct.article19Amendment', { ...base, searchReportTransmittalDate: '2025-03-01' }),
    ).toMatchObject({ plainDate: '2025-05-10', date: '2025-05-12', shift: { reason: 'weekend' } });
    // Report sent late: 2 months from transmittal wins.
    expect(
      deadline('pct.article19Amendment', { ...base, searchReportTransmittalDate: '2025-04-20' })?.date,
    ).toBe('2025-06-20');
    // Not yet sent: 16 months from priority is the earliest possible deadline.
    expect(deadline('pct.article19Amendment', base)?.date).toBe('2025-05-12');
  });

  it('Chapter II demand: the later of 3 months from the search report and 22 months from priority', () => {
    const base = {
      type: CaseType.Patent,
      regionCode: RegionCode.Pct,
      applicationDate: '2025-01-10',
      earliestPriorityDate: '2024-01-10',
    };
    expect(
      deadline('pct.chapterIIDemand', { ...base, searchReportTransmittalDate: '2025-04-20' })?.date,
    ).toBe('2025-11-10');
    expect(
      deadline('pct.chapterIIDemand', { ...base, searchReportTransmittalDate: '2025-09-01' })?.date,
    ).toBe('2025-12-01');
  });

  it('computes nothing without the dates a rule needs, or for other offices', () => {
    expect(computeDeadlines({ type: CaseType.Patent, regionCode: RegionCode.Japan })).toEqual([]);
    expect(
      computeDeadlines({
        type: CaseType.Patent,
        regionCode: RegionCode.UnitedStates,
        applicationDate: '2024-01-01',
      }),
    ).toEqual([]);
  });

  it('PCT deadlines are for patents and utility models; designs and trademarks go abroad under other treaties', () => {
    const pct = {
      regionCode: RegionCode.Pct,
      applicationDate: '2025-01-10',
      earliestPriorityDate: '2024-01-10',
    };
    const ids = (type: CaseType) => computeDeadlines({ ...pct, type }).map((d) => d.ruleId);
    expect(ids(CaseType.Patent)).toContain('pct.nationalPhaseEntry');
    expect(ids(CaseType.UtilityModel)).toContain('pct.nationalPhaseEntry');
    expect(ids(CaseType.Design)).toEqual([]);
    expect(ids(CaseType.Trademark)).toEqual([]);
  });

  it('sorts by date and carries name, rule and source for display; PCT rules say only weekends are applied', () => {
    const all = computeDeadlines({
      type: CaseType.Patent,
      regionCode: RegionCode.Pct,
      applicationDate: '2025-01-10',
      earliestPriorityDate: '2024-01-10',
    });
    expect(all.map((d) => d.date)).toEqual([...all.map((d) => d.date)].sort());
    for (const d of all) {
      expect(d.source.ja).not.toBe('');
      expect(d.source.en).not.toBe('');
      // Each was checked against the PCT (or EPC) text itself, with its address and the day read.
      expect(d.confirmed).toBe(true);
      expect(d.references.every((r) => r.official && r.url.startsWith('http') && r.readOn)).toBe(true);
      // Weekends move them; the holidays of the office where the act is done are not known.
      expect(d.caveatKey).toBe('deadline.caveat.weekendsOnly');
      expect(translateDomainKey('en', d.caveatKey!)).toBeTruthy();
    }
  });

  it.each(deadlineRules.map((rule) => [rule.id, rule] as const))(
    '%s cites its legal basis in both languages',
    (_id, rule) => {
      expect(rule.source.en).toMatch(/Act|PCT|EPC|U\.S\.C\.|Reg\. \(EU\)/);
      // Japanese citations are written in Japanese (条, 規則), not the English ones again.
      expect(rule.source.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(rule.source.ja).not.toContain('Art.');
    },
  );

  it.each(deadlineRules.map((rule) => [rule.id] as const))(
    '%s has a name and a rule text in both languages',
    (id) => {
      for (const locale of ['ja', 'en'] as const) {
        expect(translateDomainKey(locale, `deadline.${id}.name`)).toBeTruthy();
        expect(translateDomainKey(locale, `deadline.${id}.rule`)).toBeTruthy();
      }
    },
  );
});
