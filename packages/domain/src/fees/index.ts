export * from './fee-row.js';
export * from './official-fee.js';
export * from './annuity-schedule.js';
