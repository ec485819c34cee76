export * from './region-codes.js';
export * from './regions.js';
export * from './epc-states.js';
