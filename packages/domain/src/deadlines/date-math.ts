import { addDays, addMonths, addYears, endOfMonth, max } from 'date-fns';
import { parseIsoDate, toIsoDate } from '../dates/iso-date.js';

/**
 * Periods are counted by the calendar: a period of N months or years ends on the corresponding
 * day, or on the last day of the month when that day does not exist (PCT Rule 80.2/80.3;
 * date-fns' addMonths clamps the same way; the Japanese Patent Act Art. 3(1) gives the same day
 * once the first day is not counted).
 */
export function plusMonths(isoDate: string, months: number): string {
  return toIsoDate(addMonths(mustParse(isoDate), months));
}

export function plusYears(isoDate: string, years: number): string {
  return toIsoDate(addYears(mustParse(isoDate), years));
}

export function plusDays(isoDate: string, days: number): string {
  return toIsoDate(addDays(mustParse(isoDate), days));
}

/** The last day of the month the date is in (EPC Rule 51(1) renewal fees fall due then). */
export function lastDayOfMonth(isoDate: string): string {
  return toIsoDate(endOfMonth(mustParse(isoDate)));
}

export function latest(...isoDates: string[]): string {
  return toIsoDate(max(isoDates.map(mustParse)));
}

function mustParse(isoDate: string): Date {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return date;
}
