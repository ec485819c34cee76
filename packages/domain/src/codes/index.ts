export * from './code-list.js';
export * from './codes.js';
export * from './history-actions.js';
