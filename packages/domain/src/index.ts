export * from './codes/index.js';
export * from './contracts/index.js';
export * from './dates/index.js';
export * from './deadlines/index.js';
export * from './i18n/index.js';
export * from './product.js';
export * from './regions/index.js';
export * from './validation/index.js';
