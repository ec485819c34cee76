export * from './api-errors.js';
export * from './messages.js';
