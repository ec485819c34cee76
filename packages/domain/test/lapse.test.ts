import { describe, expect, it } from 'vitest';
import {
  annuityForecast,
  annuityLapse,
  annuitySchedule,
  CaseType,
  closureText,
  computeDeadlines,
  lapseOf,
  RegionCode,
  translateDomainKey,
  type ComputedDeadline,
} from '../src/index.js';

// Registered 2020-03-02 with years 4 and 5 paid: year 6 fell due 2025-03-02, a Sunday, so on
// Monday 2025-03-03; the 6 months' late payment (追納) at double fee ran until 2025-09-03.
const patent = {
  type: CaseType.Patent,
  regionCode: RegionCode.Japan,
  applicationDate: '2018-09-10',
  registrationDate: '2020-03-02',
  claims: 5,
};
const paid = [{ yearFrom: 4, yearTo: 5, paidOn: '2023-02-20' }];
/** A deadline a lapse closed (the registration closes the examination request in any case). */
const lapseClosed = (d: ComputedDeadline) =>
  d.closedBy?.how === 'lapsed' || d.closedBy?.fact === 'rightLapsed';
const deadlinesOn = (today: string, paidThroughYear = 5) =>
  computeDeadlines({ ...patent, paidThroughYear }, { today });

describe('a right lapses when its late period passes unpaid', () => {
  it('a JP patent is lapsed the day after its 追納 period, with 1 year to restore it', () => {
    expect(lapseOf(deadlinesOn('2025-09-03'), '2025-09-03')).toBeUndefined();
    const on = deadlinesOn('2025-09-04');
    const year6 = on.find((d) => d.key === 'jp.patent.annuity#6');
    expect(year6?.lateUntil).toBe('2025-09-03');
    expect(year6?.closedBy).toEqual({ how: 'lapsed', fact: 'jpLatePaymentPassed', date: '2025-09-03' });
    // Later years and the term's end are moot: no longer owed, never overdue.
    expect(on.find((d) => d.key === 'jp.patent.annuity#7')?.closedBy).toEqual({
      how: 'notApplicable',
      fact: 'rightLapsed',
      date: '2025-09-03',
    });
    expect(on.find((d) => d.ruleId === 'jp.patent.termExpiry')?.closedBy?.how).toBe('notApplicable');
    // Restoration (Patent Act Art. 112-2): within 1 year of the end of the late period.
    const restoration = on.find((d) => d.ruleId === 'jp.patent.restoration');
    expect(restoration).toMatchObject({
      key: 'jp.patent.restoration#6',
      kind: 'payment',
      opensOn: '2025-09-04',
      date: '2026-09-03',
      confirmed: true,
    });
    expect(restoration?.closedBy).toBeUndefined();
    expect(restoration?.source.ja).toContain('特許法第112条の2');
    // Left unused, the restoration period passes too.
    expect(deadlinesOn('2026-09-04').find((d) => d.ruleId === 'jp.patent.restoration')?.closedBy).toEqual({
      how: 'lapsed',
      fact: 'restorationPassed',
      date: '2026-09-03',
    });
  });

  it('without a day to judge on, nothing lapses (the rule table alone)', () => {
    const plain = computeDeadlines({ ...patent, paidThroughYear: 5 });
    expect(plain.filter(lapseClosed)).toEqual([]);
    expect(plain.some((d) => d.ruleId === 'jp.patent.restoration')).toBe(false);
  });

  it('a payment recorded in the late period or as a restoration brings the right back', () => {
    expect(annuityLapse(patent, paid, '2025-10-01')?.year).toBe(6);
    const restored = [...paid, { yearFrom: 6, yearTo: 6, paidOn: '2025-11-20' }];
    expect(annuityLapse(patent, restored, '2025-12-01')).toBeUndefined();
    const on = computeDeadlines({ ...patent, paidThroughYear: 6 }, { today: '2025-12-01' });
    expect(on.filter(lapseClosed)).toEqual([]);
    expect(on.some((d) => d.ruleId === 'jp.patent.restoration')).toBe(false);
  });

  it('the schedule marks later years ended and leaves them out of the totals', () => {
    const before = annuitySchedule(patent, paid, [], '2025-09-03');
    expect(before.find((e) => e.deadline.year === 6)?.state).toBe('late');
    expect(annuityForecast(before, '2025-09-03')[0]?.totals).not.toEqual([]);
    const after = annuitySchedule(patent, paid, [], '2025-09-04');
    expect(after.find((e) => e.deadline.year === 6)?.state).toBe('missed');
    expect(after.filter((e) => (e.deadline.year ?? 0) > 6).every((e) => e.state === 'ended')).toBe(true);
    expect(annuityForecast(after, '2025-09-04').map((f) => f.totals)).toEqual([[], [], []]);
    // The restoration is a deadline, not a yearly payment of the schedule.
    expect(after.some((e) => e.deadline.ruleId === 'jp.patent.restoration')).toBe(false);
  });

  it('utility models and designs lapse the same way under their own articles', () => {
    const um = computeDeadlines(
      {
        type: CaseType.UtilityModel,
        regionCode: RegionCode.Japan,
        applicationDate: '2019-03-14',
        registrationDate: '2019-06-21',
        paidThroughYear: 3,
      },
      { today: '2023-01-10' },
    );
    expect(um.find((d) => d.key === 'jp.utilityModel.annuity#4')?.closedBy?.fact).toBe('jpLatePaymentPassed');
    expect(um.find((d) => d.ruleId === 'jp.utilityModel.restoration')?.source.ja).toContain(
      '実用新案法第33条の2',
    );
    const design = computeDeadlines(
      {
        type: CaseType.Design,
        regionCode: RegionCode.Japan,
        applicationDate: '2021-04-12',
        registrationDate: '2021-11-08',
        paidThroughYear: 1,
      },
      { today: '2023-06-01' },
    );
    expect(design.find((d) => d.key === 'jp.design.annuity#2')?.closedBy?.how).toBe('lapsed');
    expect(design.find((d) => d.ruleId === 'jp.design.restoration')?.source.ja).toContain('意匠法第44条の2');
  });

  it('a JP trademark not renewed within the late-renewal period lapses, with 6 months to restore it', () => {
    // Registered 2014-06-10: the term ended 2024-06-10; late renewal until 2024-12-10 (a Tuesday).
    const tm = { type: CaseType.Trademark, regionCode: RegionCode.Japan, registrationDate: '2014-06-10' };
    const on = computeDeadlines({ ...tm, paidThroughYear: 10 }, { today: '2024-12-11' });
    expect(on.find((d) => d.key === 'jp.trademark.renewalWindow#11')?.closedBy).toEqual({
      how: 'lapsed',
      fact: 'jpLateRenewalPassed',
      date: '2024-12-10',
    });
    const restoration = on.find((d) => d.ruleId === 'jp.trademark.restoration');
    expect(restoration?.date).toBe('2025-06-10');
    expect(restoration?.source.ja).toContain('商標法第21条');
  });

  it('a US patent expires after the grace period; the petition under 37 CFR 1.378 follows', () => {
    // Granted 2020-01-14: the 3.5-year fee fell due 2023-07-14, the grace period ended 2024-01-14
    // (a Sunday; Monday was Martin Luther King Jr. Day, so 2024-01-16).
    const us = { type: CaseType.Patent, regionCode: RegionCode.UnitedStates, registrationDate: '2020-01-14' };
    const on = computeDeadlines(us, { today: '2024-01-17' });
    expect(on.find((d) => d.key === 'us.patent.maintenanceFee#4')?.closedBy).toEqual({
      how: 'lapsed',
      fact: 'usGracePassed',
      date: '2024-01-16',
    });
    expect(on.find((d) => d.key === 'us.patent.maintenanceFee#8')?.closedBy?.how).toBe('notApplicable');
    const petition = on.find((d) => d.ruleId === 'us.patent.delayedMaintenanceFee');
    expect(petition).toMatchObject({
      date: '2026-01-14',
      confirmed: false,
      caveatKey: 'deadline.caveat.softLimit',
    });
    expect(computeDeadlines(us, { today: '2024-01-16' }).filter(lapseClosed)).toEqual([]);
  });

  it('an EP application is deemed withdrawn after the grace period; re-establishment within 1 year', () => {
    // Filed 2023-02-14, pending: the 3rd-year fee fell due 2025-02-28, the grace period ended 2025-08-31.
    const ep = { type: CaseType.Patent, regionCode: RegionCode.Europe, applicationDate: '2023-02-14' };
    const on = computeDeadlines(ep, { today: '2025-09-01' });
    expect(on.find((d) => d.key === 'ep.patent.renewalFee#3')?.closedBy?.fact).toBe('epGracePassed');
    expect(on.find((d) => d.key === 'ep.patent.renewalFee#4')?.closedBy).toEqual({
      how: 'notApplicable',
      fact: 'applicationWithdrawn',
      date: '2025-08-31',
    });
    expect(on.find((d) => d.ruleId === 'ep.patent.reestablishment')?.date).toBe('2026-08-31');
  });

  it('reads as the lapse in both languages', () => {
    const year6 = deadlinesOn('2025-09-04').find((d) => d.key === 'jp.patent.annuity#6')!;
    expect(closureText('ja', year6.closedBy!)).toBe('消滅（追納期間経過）');
    expect(closureText('en', year6.closedBy!)).toBe('Lapsed (late-payment period passed)');
    const year7 = deadlinesOn('2025-09-04').find((d) => d.key === 'jp.patent.annuity#7')!;
    expect(closureText('ja', year7.closedBy!)).toBe('権利の消滅（2025/09/03）により不要');
    for (const id of [
      'jp.patent.restoration',
      'us.patent.delayedMaintenanceFee',
      'ep.patent.reestablishment',
    ])
      for (const locale of ['ja', 'en'] as const)
        expect(translateDomainKey(locale, `deadline.${id}.name`), `${locale} ${id}`).toBeTruthy();
  });
});
