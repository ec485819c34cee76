import { addDays, isAfter, isBefore, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

/** Days shown by the static calendar: always six weeks (42 days), starting on `weekStartsOn`. */
export function calendarDays(month: Date, weekStartsOn: 0 | 1 = 0, weeks = 6): Date[] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn });
  return Array.from({ length: weeks * 7 }, (_, i) => addDays(first, i));
}

/** Limits on which days can be chosen. */
export interface DateConstraints {
  /** Earliest selectable day (inclusive). */
  min?: Date;
  /** Latest selectable day (inclusive). */
  max?: Date;
  /** Returns false for days that cannot be chosen (e.g. weekends, holidays). */
  isDateAllowed?: (date: Date) => boolean;
}

/** Whether a day passes min, max and the allowed-dates predicate. */
export function isDateSelectable(date: Date, { min, max, isDateAllowed }: DateConstraints): boolean {
  const day = startOfDay(date);
  if (min && isBefore(day, startOfDay(min))) return false;
  if (max && isAfter(day, startOfDay(max))) return false;
  return isDateAllowed ? isDateAllowed(day) : true;
}

/**
 * Years offered by the year selector: from `yearsBack` before to `yearsAhead` after the current
 * year (the theme's `dateLimits`: 100 back, 52 ahead), narrowed by min and max.
 */
export function yearRange(
  today: Date,
  yearsBack: number,
  yearsAhead: number,
  constraints: Pick<DateConstraints, 'min' | 'max'> = {},
): { from: number; to: number } {
  let from = today.getFullYear() - yearsBack;
  let to = today.getFullYear() + yearsAhead;
  if (constraints.min) from = Math.max(from, constraints.min.getFullYear());
  if (constraints.max) to = Math.min(to, constraints.max.getFullYear());
  return { from, to: Math.max(from, to) };
}
