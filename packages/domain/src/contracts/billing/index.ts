export * from './parts.js';
export * from './estimate.js';
export * from './invoice.js';
export * from './payment.js';
export * from './billing-profile.js';
export * from './concierge.js';
