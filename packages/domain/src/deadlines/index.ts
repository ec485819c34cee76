export * from './business-days/index.js';
export * from './deadline-input.js';
export * from './rules.js';
export * from './closure-text.js';
