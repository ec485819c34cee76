import holidayJp from '@holiday-jp/holiday_jp';
import { dayAfter, nextOpenDay, type BusinessDay, type ClosedDay } from '../closed-day.js';
import { parseIsoDate } from '../iso-date.js';

/*
 * The days the Japanese offices (the JPO, and the firms billing by Japanese business days) are
 * open; what day it is in Japan is in japan-time.ts beside this file.
 */

type HolidayEntry = { name: string; name_en: string };
/** The holiday_jp data keyed by `YYYY-MM-DD` (1970-2050; far years are predictions). */
const nationalHolidays = holidayJp.holidays as Readonly<Record<string, HolidayEntry | undefined>>;

/**
 * Why the JPO is closed on a day, or undefined on a business day. The closed days are those of
 * 行政機関の休日に関する法律 Art. 1(1), which Patent Act Art. 3(2) refers to (and the Utility Model,
 * Design and Trademark Acts through UM Act Art. 2-5, Design Act Art. 68, TM Act Art. 77):
 * (i) Saturdays and Sundays, (ii) national holidays (including substitute holidays and
 * 国民の休日, taken from @holiday-jp/holiday_jp so that one-off holidays set by special laws come
 * with the data), (iii) December 29 to January 3. Source: INPIT FAQ
 * https://faq.inpit.go.jp/FAQ/2024/01/000151.html. A national holiday is named first because it
 * says most; 1 January is both a holiday and a year-end day.
 */
export function japanClosedDay(isoDate: string): ClosedDay | undefined {
  const holiday = nationalHolidays[isoDate];
  if (holiday) return { reason: 'holiday', holiday: { ja: holiday.name, en: holiday.name_en } };
  const [, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  if ((month === 12 && day >= 29) || (month === 1 && day <= 3)) return { reason: 'yearEnd' };
  const weekday = parseIsoDate(isoDate)?.getDay();
  if (weekday === 0 || weekday === 6) return { reason: 'weekend' };
  return undefined;
}

/** Whether Japanese offices are open on the day: not a weekend, a national holiday or the year-end closure. */
export function isJapanBusinessDay(isoDate: string): boolean {
  return japanClosedDay(isoDate) === undefined;
}

/** The day itself when Japanese offices are open on it, else the next day they are, with why it moved. */
export function nextJapanBusinessDay(isoDate: string): BusinessDay {
  return nextOpenDay(japanClosedDay, isoDate);
}

/** The first day after `isoDate` on which Japanese offices are open. */
export function japanBusinessDayAfter(isoDate: string): string {
  return nextJapanBusinessDay(dayAfter(isoDate)).date;
}
