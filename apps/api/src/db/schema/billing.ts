import { sql } from 'drizzle-orm';
import type { DealStatus, InvoiceStatus } from '@ipportal/domain';
import {
  char,
  check,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms, organizations, users } from './accounts.js';
import { auditColumns, idColumn, instant } from './columns.js';

// The status values are the domain's code lists (dealStatuses, invoiceStatuses), written out here
// because drizzle-kit loads this file without the workspace's source condition; a type-only
// import is erased, and the checks below fail to compile when the two lists differ.
const dealStatusValues = ['draft', 'sent', 'accepted', 'rejected', 'withdrawn'] as const;
const invoiceStatusValues = ['issued', 'paid', 'void'] as const;
type SameValues<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const dealStatusesMatch: SameValues<(typeof dealStatusValues)[number], DealStatus> = true;
const invoiceStatusesMatch: SameValues<(typeof invoiceStatusValues)[number], InvoiceStatus> = true;
void dealStatusesMatch;
void invoiceStatusesMatch;
import { projects } from './projects.js';
import { requests } from './requests.js';

const day = (name: string) => date(name, { mode: 'string' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Estimates ("deals") an office issues for a request. */
export const deals = pgTable(
  'deals',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('JPY'),
    subtotal: money('subtotal').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    total: money('total').notNull().default('0'),
    status: text('status', { enum: dealStatusValues }).notNull().default('draft'),
    validUntil: day('valid_until'),
    sentAt: instant('sent_at'),
    decidedAt: instant('decided_at'),
    notes: text('notes'),
    ...auditColumns(),
  },
  (t) => [
    index('deals_request_idx').on(t.requestId),
    index('deals_firm_status_idx').on(t.firmId, t.status),
    uniqueIndex('deals_firm_number_uq').on(t.firmId, t.number),
    check('deals_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'rejected', 'withdrawn')`),
  ],
);

const lineItemColumns = () => ({
  id: idColumn(),
  position: smallint('position').notNull().default(0),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('1'),
  unitPrice: money('unit_price').notNull(),
  amount: money('amount').notNull(),
  /** Consumption tax rate in percent (10, 8 or 0 for foreign official fees). */
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('10'),
  ...auditColumns(),
});

export const dealItems = pgTable(
  'deal_items',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    ...lineItemColumns(),
  },
  (t) => [index('deal_items_deal_idx').on(t.dealId, t.position)],
);

/** Invoices an office bills to a client (user or organization). */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    dealId: uuid('deal_id').references(() => deals.id),
    projectId: uuid('project_id').references(() => projects.id),
    requestId: uuid('request_id').references(() => requests.id),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    billedOrganizationId: uuid('billed_organization_id').references(() => organizations.id),
    billedUserId: uuid('billed_user_id').references(() => users.id),
    number: text('number').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('JPY'),
    subtotal: money('subtotal').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    total: money('total').notNull().default('0'),
    status: text('status', { enum: invoiceStatusValues }).notNull().default('issued'),
    issuedOn: day('issued_on').notNull(),
    dueOn: day('due_on'),
    paidAt: instant('paid_at'),
    paymentReference: text('payment_reference'),
    notes: text('notes'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('invoices_firm_number_uq').on(t.firmId, t.number),
    index('invoices_billed_org_idx').on(t.billedOrganizationId, t.status, t.dueOn),
    index('invoices_billed_user_idx').on(t.billedUserId, t.status, t.dueOn),
    index('invoices_firm_status_idx').on(t.firmId, t.status),
    check('invoices_status_check', sql`${t.status} in ('issued', 'paid', 'void')`),
    check(
      'invoices_billed_check',
      sql`${t.billedOrganizationId} is not null or ${t.billedUserId} is not null`,
    ),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ...lineItemColumns(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);
