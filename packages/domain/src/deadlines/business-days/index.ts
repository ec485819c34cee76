import { plusDays } from '../date-math.js';
import type { ClosedDay } from './closed-day.js';
import { japanClosedDay } from './japan.js';
import { unitedStatesClosedDay } from './united-states.js';
import { weekendClosedDay } from './weekends.js';

export type { ClosedDay } from './closed-day.js';

/**
 * Offices whose closed days the portal knows. `PCT` stands for wherever a PCT act is done (WIPO,
 * the receiving office, a designated office or the EPO, PCT Rule 80.5 / EPC Rule 134): only
 * their weekends are certain, so those deadlines move off weekends and their rules stay
 * unconfirmed (their holidays are not modelled).
 */
export type BusinessDayOffice = 'JP' | 'US' | 'PCT';

const closedDayOf: Readonly<Record<BusinessDayOffice, (isoDate: string) => ClosedDay | undefined>> = {
  JP: japanClosedDay,
  US: unitedStatesClosedDay,
  PCT: weekendClosedDay,
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
