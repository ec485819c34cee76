export * from './deadlines-api.js';
