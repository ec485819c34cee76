export * from './date-picker.js';
export * from './iso-date.js';
