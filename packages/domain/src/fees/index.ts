export * from './fee-row.js';
export * from './official-fee.js';
export * from './annuity-schedule.js';
export * from './fee-currencies.js';
export * from './pension-forecast.js';
