export * from './envelope.js';
export * from './project.js';
export * from './project-detail.js';
export * from './project-user-space.js';
export * from './user.js';
export * from './runtime-config.js';
export * from './request.js';
export * from './firm.js';
