export * from './business-days.js';
export * from './japan-time.js';
