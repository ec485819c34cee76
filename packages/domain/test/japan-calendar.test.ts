import { describe, expect, it } from 'vitest';
import {
  dayInJapan,
  isJapanBusinessDay,
  japanBusinessDayAfter,
  japanTimeZone,
  nextBusinessDay,
  nextJapanBusinessDay,
  todayInJapan,
} from '../src/index.js';

describe('today in Japan', () => {
  it('is the calendar day in Tokyo, not the machine’s: 15:00 UTC is already the next day there', () => {
    expect(todayInJapan(new Date('2026-11-28T14:59:59Z'))).toBe('2026-11-28');
    expect(todayInJapan(new Date('2026-11-28T15:00:00Z'))).toBe('2026-11-29');
    expect(dayInJapan(new Date('2026-12-31T23:30:00-08:00'))).toBe('2027-01-01');
  });

  it('defaults to now', () => {
    expect(todayInJapan()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(japanTimeZone).toBe('Asia/Tokyo');
  });
});

describe('Japanese business days', () => {
  it('are closed on weekends, national holidays and the year-end closure', () => {
    expect(isJapanBusinessDay('2026-11-27')).toBe(true); // Friday
    expect(isJapanBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isJapanBusinessDay('2026-11-23')).toBe(false); // 勤労感謝の日
    expect(isJapanBusinessDay('2026-12-29')).toBe(false);
    expect(isJapanBusinessDay('2027-01-04')).toBe(true);
  });

  it('move a closed day to the next open one, as the JPO office table does', () => {
    expect(nextJapanBusinessDay('2025-12-29')).toEqual({ date: '2026-01-05', shift: { reason: 'yearEnd' } });
    expect(nextJapanBusinessDay('2026-05-03')).toEqual(nextBusinessDay('JP', '2026-05-03'));
    expect(nextJapanBusinessDay('2026-11-27')).toEqual({ date: '2026-11-27' });
  });

  it('give the first open day after a day', () => {
    expect(japanBusinessDayAfter('2026-11-27')).toBe('2026-11-30');
    expect(japanBusinessDayAfter('2026-11-30')).toBe('2026-12-01');
    expect(japanBusinessDayAfter('2026-12-28')).toBe('2027-01-04');
  });
});
