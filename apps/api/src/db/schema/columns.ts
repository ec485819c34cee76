import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders: every row has an id, created/updated instants and the acting users. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** Millisecond precision, so a value round-trips through a JS Date exactly (list cursors rely on it). */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const createdColumns = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  /** Acting user (users.id); null for the system, seeds and the identity service. No FK: history outlives accounts. */
  createdBy: uuid('created_by'),
});

export const auditColumns = () => ({
  ...createdColumns(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
