export type { BusinessDay, ClosedDay } from './closed-day.js';
export * from './date-picker.js';
export * from './iso-date.js';
export * from './japan-calendar/index.js';
