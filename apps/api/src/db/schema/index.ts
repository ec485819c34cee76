/** The whole product's schema. Migrations in apps/api/drizzle are generated from these files. */
export * from './accounts.js';
export * from './audit.js';
export * from './billing.js';
export * from './chat.js';
export * from './counters.js';
export * from './deadlines.js';
export * from './files.js';
export * from './identity.js';
export * from './idempotency.js';
export * from './outbox.js';
export * from './pension-forecast.js';
export * from './pensions.js';
export * from './projects.js';
export * from './requests.js';
