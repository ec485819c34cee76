import { addDays, startOfMonth, startOfWeek } from 'date-fns';

/** The date picker offers years from 100 back to 52 ahead of today: old priority dates and far renewals both fit. */
export const datePickerYearsBack = 100;
export const datePickerYearsAhead = 52;

/** A static calendar always shows 6 weeks, so its height never jumps between months. */
export const calendarWeeks = 6;

export interface YearRange {
  readonly first: number;
  readonly last: number;
}

export function datePickerYearRange(today: Date = new Date()): YearRange {
  const year = today.getFullYear();
  return { first: year - datePickerYearsBack, last: year + datePickerYearsAhead };
}

export function datePickerYears(today: Date = new Date()): number[] {
  const { first, last } = datePickerYearRange(today);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * The 42 days (6 weeks) shown for a month: starts on the week containing the 1st and
 * always ends 41 days later, spilling into the next month as needed.
 * `month` is 0-based as in `Date`; `weekStartsOn` 0 is Sunday (Japanese calendars start on Sunday).
 */
export function monthGrid(year: number, month: number, weekStartsOn: 0 | 1 = 0): Date[] {
  const first = startOfWeek(startOfMonth(new Date(year, month, 1)), { weekStartsOn });
  return Array.from({ length: calendarWeeks * 7 }, (_, index) => addDays(first, index));
}
