export * from './messages.js';
export * from './normalize.js';
export * from './password.js';
export * from './primitives.js';
export * from './schemas.js';
