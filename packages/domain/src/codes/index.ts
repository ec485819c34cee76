export * from './code-list.js';
export * from './codes.js';
