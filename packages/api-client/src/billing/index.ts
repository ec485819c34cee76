export * from './billing-api.js';
