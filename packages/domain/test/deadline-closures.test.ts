import { describe, expect, it } from 'vitest';
import {
  annuitySchedule,
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

const jpPatent = { type: CaseType.Patent, regionCode: RegionCode.Japan, applicationDate: '2021-06-15' };

describe('deadlines closed by the matter’s later facts', () => {
  it('every rule declares which recorded facts close it', () => {
    for (const rule of deadlineRules) expect(typeof rule.closedBy, rule.id).toBe('function');
  });

  it('a registered JP patent’s examination request is done by implication of the registration', () => {
    const result = deadline('jp.patent.examinationRequest', { ...jpPatent, registrationDate: '2023-05-10' });
    expect(result?.date).toBe('2024-06-17');
    expect(result?.closedBy).toEqual({ how: 'implied', fact: 'registration', date: '2023-05-10' });
  });

  it('a recorded examination request closes it as done on that date, before any later state', () => {
    const result = deadline('jp.patent.examinationRequest', {
      ...jpPatent,
      examinationRequestDate: '2022-01-20',
      registrationDate: '2023-05-10',
    });
    expect(result?.closedBy).toEqual({ how: 'done', fact: 'examinationRequest', date: '2022-01-20' });
  });

  it('a decision to grant proves the request too; a pending application with none stays open', () => {
    expect(
      deadline('jp.patent.examinationRequest', { ...jpPatent, grantDecisionDate: '2023-04-05' })?.closedBy,
    ).toEqual({ how: 'implied', fact: 'grantDecision', date: '2023-04-05' });
    expect(deadline('jp.patent.examinationRequest', jpPatent)?.closedBy).toBeUndefined();
  });

  it('years 1-3 of a JP patent are paid once it is registered', () => {
    const result = deadline('jp.patent.firstAnnuities', {
      ...jpPatent,
      grantDecisionDate: '2023-04-05',
      registrationDate: '2023-05-10',
    });
    expect(result?.closedBy).toEqual({ how: 'implied', fact: 'registration', date: '2023-05-10' });
    expect(
      deadline('jp.patent.firstAnnuities', { ...jpPatent, grantDecisionDate: '2023-04-05' })?.closedBy,
    ).toBe(undefined);
  });

  it('a PCT application’s entry deadlines close by the national and regional phases begun from it', () => {
    const pct = {
      type: CaseType.Patent,
      regionCode: RegionCode.Pct,
      applicationDate: '2025-01-29',
      earliestPriorityDate: '2024-01-30',
      searchReportTransmittalDate: '2025-05-20',
    };
    const entered = {
      ...pct,
      nationalPhaseEntries: [
        { regionCode: RegionCode.UnitedStates, date: '2026-07-24' },
        { regionCode: RegionCode.Europe, date: '2026-08-21' },
      ],
    };
    expect(deadline('pct.nationalPhaseEntry', entered)?.closedBy).toEqual({
      how: 'done',
      fact: 'nationalEntry',
      date: '2026-07-24',
    });
    expect(deadline('pct.nationalPhaseEntryEp', entered)?.closedBy).toEqual({
      how: 'done',
      fact: 'nationalEntry',
      date: '2026-08-21',
    });
    expect(deadline('pct.article19Amendment', entered)?.closedBy).toEqual({
      how: 'notApplicable',
      fact: 'nationalEntry',
      date: '2026-07-24',
    });
    expect(deadline('pct.chapterIIDemand', entered)?.closedBy?.how).toBe('notApplicable');
    // Only the US phase begun: the EPO's 31 months are still open.
    const usOnly = {
      ...pct,
      nationalPhaseEntries: [{ regionCode: RegionCode.UnitedStates, date: '2026-07-24' }],
    };
    expect(deadline('pct.nationalPhaseEntryEp', usOnly)?.closedBy).toBeUndefined();
    expect(computeDeadlines(pct).every((d) => d.closedBy === undefined)).toBe(true);
    // A national phase recorded as of the international filing date says it began, not when.
    const asOfFiling = {
      ...pct,
      nationalPhaseEntries: [{ regionCode: RegionCode.UnitedStates, date: '2025-01-29' }],
    };
    expect(deadline('pct.nationalPhaseEntry', asOfFiling)?.closedBy).toEqual({
      how: 'done',
      fact: 'nationalEntry',
      date: null,
    });
  });

  it('a granted EP has paid the renewals that fell due before the mention of grant', () => {
    const ep = {
      type: CaseType.Patent,
      regionCode: RegionCode.Europe,
      applicationDate: '2023-02-14',
      registrationDate: '2025-06-18',
    };
    const third = annuitySchedule(ep, [], [], '2026-11-29').find((e) => e.deadline.year === 3);
    expect(third?.deadline.date).toBe('2025-02-28');
    expect(third?.state).toBe('paid');
    // Still pending: the 3rd year is owed like any other.
    const pending = { ...ep, registrationDate: null };
    expect(annuitySchedule(pending, [], [], '2026-11-29').find((e) => e.deadline.year === 3)?.state).toBe(
      'missed',
    );
  });

  it('names the fact that closed it in both languages', () => {
    const params = (locale: 'ja' | 'en') => ({
      fact: translateDomainKey(locale, 'deadline.fact.registration')!,
      date: locale === 'ja' ? '2023/05/10' : '2023-05-10',
    });
    expect(translateDomainKey('ja', 'deadline.closedBy.implied', params('ja'))).toBe(
      '登録（2023/05/10）により完了',
    );
    expect(translateDomainKey('en', 'deadline.closedBy.implied', params('en'))).toBe(
      'Completed by registration (2023-05-10)',
    );
  });
});
