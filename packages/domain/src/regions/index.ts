export * from './region-codes.js';
export * from './regions.js';
