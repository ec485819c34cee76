export * from './fee-row.js';
export * from './official-fee.js';
