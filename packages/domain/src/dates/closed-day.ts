import { addDays } from 'date-fns';
import type { Locale } from '../codes/codes.js';
import { parseIsoDate, toIsoDate } from './iso-date.js';

/** Why an office is closed on a day: what a moved deadline reports as its shift. */
export interface ClosedDay {
  reason: 'weekend' | 'holiday' | 'yearEnd';
  /** The holiday's name in each interface language, when `reason` is `holiday`. */
  holiday?: Readonly<Record<Locale, string>>;
}

/** A last day moved to the office's next business day, with the reason the first day was closed. */
export interface BusinessDay {
  date: string;
  /** Why the given day was not a business day; absent when it was. */
  shift?: ClosedDay;
}

/** Why an office is closed on a `YYYY-MM-DD` day, or undefined on a business day. */
export type ClosedDayOf = (isoDate: string) => ClosedDay | undefined;

/** The calendar day after a `YYYY-MM-DD` day. */
export const dayAfter = (isoDate: string): string => toIsoDate(addDays(parseIsoDate(isoDate) as Date, 1));

/** The given day when the office is open, else the next day it is (repeating over runs of closed days). */
export function nextOpenDay(closedDayOf: ClosedDayOf, isoDate: string): BusinessDay {
  const shift = closedDayOf(isoDate);
  if (!shift) return { date: isoDate };
  let date = dayAfter(isoDate);
  while (closedDayOf(date)) date = dayAfter(date);
  return { date, shift };
}
