export { Calendar } from './Calendar';
export type { CalendarProps } from './Calendar';
export { calendarDays, isDateSelectable, yearRange } from './calendar-utils';
export type { DateConstraints } from './calendar-utils';
