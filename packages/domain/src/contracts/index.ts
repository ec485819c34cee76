export * from './envelope.js';
export * from './project.js';
export * from './user.js';
