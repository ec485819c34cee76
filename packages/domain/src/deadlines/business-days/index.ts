import { plusDays } from '../date-math.js';
import type { ClosedDay } from './closed-day.js';
import { japanClosedDay } from './japan.js';
import { unitedStatesClosedDay } from './united-states.js';

export type { ClosedDay } from './closed-day.js';

/**
 * Offices whose closed days the portal knows. The PCT's (WIPO and each receiving office, PCT
 * Rule 80.5) and the EPO's (EPC Rule 134) are not modelled: deadlines there are shown unmoved and
 * their rules are marked unconfirmed.
 */
export type BusinessDayOffice = 'JP' | 'US';

const closedDayOf: Readonly<Record<BusinessDayOffice, (isoDate: string) => ClosedDay | undefined>> = {
  JP: japanClosedDay,
  US: unitedStatesClosedDay,
};

/** A last day moved to the office's next business day, with the reason the first day was closed. */
export interface BusinessDay {
  date: string;
  /** Why the given day was not a business day; absent when it was. */
  shift?: ClosedDay;
}

/** The given day when the office is open, else the next day it is (repeating over runs of closed days). */
export function nextBusinessDay(office: BusinessDayOffice, isoDate: string): BusinessDay {
  const closed = closedDayOf[office];
  const shift = closed(isoDate);
  if (!shift) return { date: isoDate };
  let date = plusDays(isoDate, 1);
  while (closed(date)) date = plusDays(date, 1);
  return { date, shift };
}

/** Why the office is closed on a day, or undefined on a business day. */
export function officeClosedDay(office: BusinessDayOffice, isoDate: string): ClosedDay | undefined {
  return closedDayOf[office](isoDate);
}
