export * from './deadline-input.js';
export * from './rules.js';
