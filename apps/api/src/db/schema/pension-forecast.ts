import { sql } from 'drizzle-orm';
import { char, check, date, numeric, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { auditColumns, createdColumns, idColumn } from './columns.js';
import { projects } from './projects.js';

/*
 * The annuity forecast's settings, shared by an organization (or kept by a user who has none):
 * exactly one of `organization_id` and `user_id` names the owner (ADR 0037).
 */

const ownerColumns = () => ({
  organizationId: uuid('organization_id').references(() => organizations.id),
  userId: uuid('user_id').references(() => users.id),
});

const oneOwner = (table: string) =>
  sql.raw(`("${table}"."organization_id" is null) <> ("${table}"."user_id" is null)`);

/** Yen per unit of a foreign currency, as the owner's administrator set it, and the day set. */
export const forecastExchangeRates = pgTable(
  'forecast_exchange_rates',
  {
    id: idColumn(),
    ...ownerColumns(),
    currency: char('currency', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 10, scale: 4, mode: 'string' }).notNull(),
    setOn: date('set_on', { mode: 'string' }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('forecast_exchange_rates_org_idx')
      .on(t.organizationId, t.currency)
      .where(sql`${t.organizationId} is not null`),
    uniqueIndex('forecast_exchange_rates_user_idx')
      .on(t.userId, t.currency)
      .where(sql`${t.userId} is not null`),
    check('forecast_exchange_rates_owner_check', oneOwner('forecast_exchange_rates')),
    check('forecast_exchange_rates_rate_check', sql`${t.rate} > 0`),
  ],
);

/** A matter marked "to be abandoned" (放棄予定) in the owner's forecast: a what-if, not a decision. */
export const forecastAbandonedMatters = pgTable(
  'forecast_abandoned_matters',
  {
    id: idColumn(),
    ...ownerColumns(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    ...createdColumns(),
  },
  (t) => [
    uniqueIndex('forecast_abandoned_matters_org_idx')
      .on(t.organizationId, t.projectId)
      .where(sql`${t.organizationId} is not null`),
    uniqueIndex('forecast_abandoned_matters_user_idx')
      .on(t.userId, t.projectId)
      .where(sql`${t.userId} is not null`),
    check('forecast_abandoned_matters_owner_check', oneOwner('forecast_abandoned_matters')),
  ],
);
