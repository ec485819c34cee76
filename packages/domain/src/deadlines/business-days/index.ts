import { nextOpenDay, type BusinessDay, type ClosedDay, type ClosedDayOf } from '../../dates/closed-day.js';
import { japanClosedDay } from '../../dates/japan-calendar/business-days.js';
import { unitedStatesClosedDay } from './united-states.js';
import { weekendClosedDay } from './weekends.js';

/**
 * Offices whose closed days the portal knows. `PCT` stands for wherever a PCT act is done (WIPO,
 * the receiving office, a designated office or the EPO, PCT Rule 80.5 / EPC Rule 134): only
 * their weekends are certain, so those deadlines move off weekends and their rules stay
 * unconfirmed (their holidays are not modelled). Japan's own calendar is src/dates/japan-calendar/.
 */
export type BusinessDayOffice = 'JP' | 'US' | 'PCT';

const closedDayOf: Readonly<Record<BusinessDayOffice, ClosedDayOf>> = {
  JP: japanClosedDay,
  US: unitedStatesClosedDay,
  PCT: weekendClosedDay,
};

/** The given day when the office is open, else the next day it is (repeating over runs of closed days). */
export function nextBusinessDay(office: BusinessDayOffice, isoDate: string): BusinessDay {
  return nextOpenDay(closedDayOf[office], isoDate);
}

/** Why the office is closed on a day, or undefined on a business day. */
export function officeClosedDay(office: BusinessDayOffice, isoDate: string): ClosedDay | undefined {
  return closedDayOf[office](isoDate);
}
