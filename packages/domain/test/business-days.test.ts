import { describe, expect, it } from 'vitest';
import { nextBusinessDay, officeClosedDay } from '../src/index.js';

describe('JPO business days (行政機関の休日に関する法律 Art. 1(1))', () => {
  it('a national holiday on a Saturday moves to Monday: 2006-04-29 -> 2006-05-01', () => {
    expect(nextBusinessDay('JP', '2006-04-29')).toEqual({
      date: '2006-05-01',
      shift: { reason: 'holiday', holiday: { ja: 'みどりの日', en: 'Greenery Day' } },
    });
  });

  it('Golden Week runs are skipped as a whole', () => {
    // 2026-05-03 Sun (憲法記念日), 05-04 Mon (みどりの日), 05-05 Tue (こどもの日), 05-06 Wed (振替休日).
    expect(nextBusinessDay('JP', '2026-05-03').date).toBe('2026-05-07');
    expect(officeClosedDay('JP', '2026-05-06')).toMatchObject({
      reason: 'holiday',
      holiday: { ja: 'こどもの日 振替休日' },
    });
  });

  it('29 December to 3 January are closed although they are not national holidays', () => {
    expect(nextBusinessDay('JP', '2025-12-29')).toEqual({ date: '2026-01-05', shift: { reason: 'yearEnd' } });
    expect(officeClosedDay('JP', '2026-01-02')).toEqual({ reason: 'yearEnd' });
    expect(officeClosedDay('JP', '2026-01-01')).toMatchObject({
      reason: 'holiday',
      holiday: { en: "New Year's Day" },
    });
    expect(officeClosedDay('JP', '2025-12-26')).toBeUndefined();
    expect(officeClosedDay('JP', '2026-01-05')).toBeUndefined();
  });

  it('a weekend moves to Monday; a business day stays', () => {
    expect(nextBusinessDay('JP', '2026-11-28')).toEqual({ date: '2026-11-30', shift: { reason: 'weekend' } });
    expect(nextBusinessDay('JP', '2015-02-24')).toEqual({ date: '2015-02-24' });
  });
});

describe('USPTO business days (35 U.S.C. 21(b); DC federal holidays, 5 U.S.C. 6103)', () => {
  it('Independence Day on a Tuesday moves to Wednesday', () => {
    expect(nextBusinessDay('US', '2023-07-04')).toEqual({
      date: '2023-07-05',
      shift: { reason: 'holiday', holiday: { ja: '独立記念日', en: 'Independence Day' } },
    });
  });

  it('a holiday on a Saturday is observed on the Friday before, on a Sunday on the Monday after', () => {
    // 1 January 2022 was a Saturday: observed on Friday 31 December 2021.
    expect(officeClosedDay('US', '2021-12-31')).toMatchObject({
      reason: 'holiday',
      holiday: { en: "New Year's Day" },
    });
    // 25 December 2022 was a Sunday: observed on Monday 26 December.
    expect(nextBusinessDay('US', '2022-12-24').date).toBe('2022-12-27');
  });

  it('Juneteenth counts from 2021 only; Thanksgiving is the fourth Thursday; Memorial Day the last Monday', () => {
    expect(officeClosedDay('US', '2020-06-19')).toBeUndefined();
    expect(officeClosedDay('US', '2023-06-19')).toMatchObject({ reason: 'holiday' });
    expect(officeClosedDay('US', '2026-11-26')).toMatchObject({ holiday: { en: 'Thanksgiving Day' } });
    expect(officeClosedDay('US', '2026-05-25')).toMatchObject({ holiday: { en: 'Memorial Day' } });
  });

  it('Inauguration Day closes the USPTO in the District of Columbia', () => {
    expect(officeClosedDay('US', '2021-01-20')).toMatchObject({
      holiday: { en: 'Inauguration Day (District of Columbia)' },
    });
    expect(officeClosedDay('US', '2022-01-20')).toBeUndefined();
  });

  it('a Japanese holiday is a US business day', () => {
    expect(nextBusinessDay('US', '2026-04-29')).toEqual({ date: '2026-04-29' });
  });
});
