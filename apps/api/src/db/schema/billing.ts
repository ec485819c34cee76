/*
 * The billing tables in one file (over 300 lines for this reason): estimates, invoices, their
 * lines, payments and allocations refer to each other through foreign keys, checks and the sums
 * the triggers keep, and each schema file here is one area of the database, as drizzle-kit reads it.
 */
import { sql } from 'drizzle-orm';
import type {
  BankFeeBearer,
  DealStatus,
  InvoiceKind,
  InvoiceStatus,
  PaymentStatus,
  TaxClass,
} from '@ipportal/domain';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { firms, organizations, users } from './accounts.js';
import { auditColumns, idColumn, instant } from './columns.js';
import { files } from './files.js';
import { projects } from './projects.js';
// requests.ts refers back to invoices (the concierge fee): see the note there.
// eslint-disable-next-line import-x/no-cycle
import { requests } from './requests.js';

// Code values are the domain's lists, written out here because drizzle-kit loads this file
// without the workspace's source condition; a type-only import is erased, and the checks below
// fail to compile when a list and the domain's differ. `expired` is not stored: a sent estimate
// past its validity date is answered as expired.
const storedDealStatusValues = ['draft', 'sent', 'accepted', 'declined', 'withdrawn', 'superseded'] as const;
const invoiceStatusValues = ['draft', 'issued', 'paid', 'void'] as const;
const invoiceKindValues = ['invoice', 'creditNote'] as const;
const taxClassValues = ['taxable10', 'nonTaxable', 'outOfScope'] as const;
const paymentStatusValues = ['recorded', 'confirmed'] as const;
const bankFeeBearerValues = ['payer', 'payee'] as const;
type SameValues<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsMatch: [
  SameValues<(typeof storedDealStatusValues)[number], Exclude<DealStatus, 'expired'>>,
  SameValues<(typeof invoiceStatusValues)[number], InvoiceStatus>,
  SameValues<(typeof invoiceKindValues)[number], InvoiceKind>,
  SameValues<(typeof taxClassValues)[number], TaxClass>,
  SameValues<(typeof paymentStatusValues)[number], PaymentStatus>,
  SameValues<(typeof bankFeeBearerValues)[number], BankFeeBearer>,
] = [true, true, true, true, true, true];
void listsMatch;

const day = (name: string) => date(name, { mode: 'string' });
/** Whole yen. */
const yen = (name: string) => bigint(name, { mode: 'number' });
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Sequential numbers per office, document kind and year (estimates, invoices, credit notes):
 * taken with `insert … on conflict do update … returning` inside the issuing transaction, so
 * numbers are gapless and never reused.
 */
export const billingCounters = pgTable(
  'billing_counters',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    kind: text('kind', { enum: ['deal', 'invoice', 'creditNote'] }).notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.kind, t.year] })],
);

/** The parties and the subject as printed, frozen when a document is sent or issued. */
const snapshotColumns = () => ({
  /** BillingIssuer (domain contract) at sending/issue; null while a draft (read live). */
  issuerSnapshot: jsonb('issuer_snapshot'),
  /** BillingParty of the billed client at sending/issue. */
  recipientSnapshot: jsonb('recipient_snapshot'),
});

/** Totals computed on the server by the domain's computeTotals; never taken from a client. */
const totalColumns = () => ({
  subtotal: yen('subtotal').notNull().default(0),
  tax: yen('tax').notNull().default(0),
  total: yen('total').notNull().default(0),
  withholdingBase: yen('withholding_base').notNull().default(0),
  withholding: yen('withholding').notNull().default(0),
  amountToTransfer: yen('amount_to_transfer').notNull().default(0),
  /** Per tax class: [{ taxClass, rate, subtotal, tax }]. */
  byTaxClass: jsonb('by_tax_class')
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/** Who is billed: the matter's organization, or its owner when it has none. */
const billedColumns = () => ({
  billedOrganizationId: uuid('billed_organization_id').references(() => organizations.id),
  billedUserId: uuid('billed_user_id').references(() => users.id),
});

/** Estimates (見積書; "deals" in the spec's routes) an office sends for a request. */
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
    ...billedColumns(),
    /** Given when the first version is created; every revision keeps it. */
    number: text('number').notNull(),
    version: smallint('version').notNull().default(1),
    supersedesDealId: uuid('supersedes_deal_id').references((): AnyPgColumn => deals.id),
    title: text('title').notNull(),
    status: text('status', { enum: storedDealStatusValues }).notNull().default('draft'),
    validUntil: day('valid_until'),
    notes: text('notes'),
    declineReason: text('decline_reason'),
    withdrawReason: text('withdraw_reason'),
    ...totalColumns(),
    ...snapshotColumns(),
    sentAt: instant('sent_at'),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    ...auditColumns(),
  },
  (t) => [
    index('deals_request_idx').on(t.requestId, t.createdAt),
    index('deals_firm_status_idx').on(t.firmId, t.status),
    index('deals_billed_org_idx').on(t.billedOrganizationId, t.status),
    index('deals_billed_user_idx').on(t.billedUserId, t.status),
    uniqueIndex('deals_firm_number_version_uq').on(t.firmId, t.number, t.version),
    check('deals_status_check', sql`${t.status} in (${inList(storedDealStatusValues)})`),
    check('deals_billed_check', sql`${t.billedOrganizationId} is not null or ${t.billedUserId} is not null`),
  ],
);

const lineItemColumns = () => ({
  id: idColumn(),
  position: smallint('position').notNull(),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
  /** In `currency`. */
  unitPrice: numeric('unit_price', { precision: 16, scale: 2 }).notNull(),
  taxClass: text('tax_class', { enum: taxClassValues }).notNull(),
  currency: char('currency', { length: 3 }).notNull().default('JPY'),
  /** Yen per unit of `currency`; null for JPY. */
  exchangeRate: numeric('exchange_rate', { precision: 14, scale: 4 }),
  foreignAmount: numeric('foreign_amount', { precision: 16, scale: 2 }),
  amountYen: yen('amount_yen').notNull(),
});

export const dealItems = pgTable(
  'deal_items',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    ...lineItemColumns(),
  },
  (t) => [
    uniqueIndex('deal_items_deal_position_uq').on(t.dealId, t.position),
    check('deal_items_tax_class_check', sql`${t.taxClass} in (${inList(taxClassValues)})`),
  ],
);

/**
 * Invoices and credit notes an office bills to a client. Issued rows are frozen by a trigger
 * (the migration): only the status, payment and void columns may change afterwards.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    kind: text('kind', { enum: invoiceKindValues }).notNull().default('invoice'),
    dealId: uuid('deal_id').references(() => deals.id),
    correctsInvoiceId: uuid('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    ...billedColumns(),
    /** Given at issue. */
    number: text('number'),
    status: text('status', { enum: invoiceStatusValues }).notNull().default('draft'),
    issueDate: day('issue_date'),
    transactionDate: day('transaction_date').notNull(),
    /** Null on a draft means "the default": the end of the month after the issue date. */
    dueDate: day('due_date'),
    notes: text('notes'),
    ...totalColumns(),
    ...snapshotColumns(),
    /** The PDF rendered at issue, stored write-once. */
    pdfFileId: uuid('pdf_file_id').references(() => files.id),
    issuedAt: instant('issued_at'),
    issuedBy: uuid('issued_by').references(() => users.id),
    voidReason: text('void_reason'),
    voidedAt: instant('voided_at'),
    voidedBy: uuid('voided_by').references(() => users.id),
    paidAt: instant('paid_at'),
    /**
     * The sums of the invoice's allocations by payment status, kept by triggers on the
     * allocations and the payments (migration 0028) so that the money lists filter and sum on
     * them instead of recomputing every invoice's allocations on every request.
     */
    paidAmount: yen('paid_amount').notNull().default(0),
    pendingAmount: yen('pending_amount').notNull().default(0),
    /** What is still to be transferred: the amount less everything allocated, confirmed or not. */
    balance: yen('balance')
      .notNull()
      .generatedAlwaysAs(sql`amount_to_transfer - paid_amount - pending_amount`),
    /** The overdue mail went out (once). */
    overdueNotifiedAt: instant('overdue_notified_at'),
    /**
     * Whose matters hold the invoice, as the matter list's counts name it: `o:<organization>` or,
     * for a matter without one, `u:<owner>`; null while its request is deleted. Kept by triggers
     * on the invoice, its request and its matter (migration 0029), so the lists of a client who
     * sees all of those matters read it instead of the request scope (docs/adr/0049).
     */
    clientScope: text('client_scope'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('invoices_firm_number_uq').on(t.firmId, t.number),
    index('invoices_request_idx').on(t.requestId, t.createdAt),
    index('invoices_billed_org_idx').on(t.billedOrganizationId, t.status, t.dueDate),
    index('invoices_billed_user_idx').on(t.billedUserId, t.status, t.dueDate),
    index('invoices_firm_status_idx').on(t.firmId, t.status, t.issueDate),
    // The unpaid and overdue views: issued invoices with a balance. By request (the scope of a
    // member who sees some of the organization's matters), holding what the count, the balance sum
    // and the page's order read, so those are answered from the index alone; by office in the
    // lists' default order (due date, creation time, id).
    index('invoices_unpaid_request_idx')
      .on(t.requestId, t.dueDate, t.createdAt, t.balance)
      .where(sql`status = 'issued' and balance > 0`),
    index('invoices_unpaid_firm_idx')
      .on(t.firmId, t.dueDate, t.createdAt, t.id)
      .where(sql`status = 'issued' and balance > 0`),
    // The first page of a list in its default order (due date, creation time, id), read in index
    // order so that LIMIT stops early: by the client scope, and by it and status for the others.
    index('invoices_client_unpaid_idx')
      .on(t.clientScope, t.dueDate, t.createdAt, t.id)
      .where(sql`status = 'issued' and balance > 0`),
    index('invoices_client_status_idx').on(t.clientScope, t.status, t.dueDate, t.createdAt, t.id),
    check('invoices_status_check', sql`${t.status} in (${inList(invoiceStatusValues)})`),
    check('invoices_kind_check', sql`${t.kind} in (${inList(invoiceKindValues)})`),
    check(
      'invoices_billed_check',
      sql`${t.billedOrganizationId} is not null or ${t.billedUserId} is not null`,
    ),
    check(
      'invoices_issued_check',
      sql`${t.status} = 'draft' or (${t.number} is not null and ${t.issueDate} is not null and ${t.dueDate} is not null)`,
    ),
  ],
);

/**
 * How many invoices each list holds and what they still owe, kept by triggers on the invoices
 * (migration 0029, docs/adr/0049): per scope (`f:<office>`, and the client scope of
 * `invoices.client_scope`), list bucket (`unpaid`: issued with a balance; `settled`: issued without
 * one; `paid`; `void`; drafts are not counted) and due date, so that a list's count and balance
 * sum, the overdue list's (due before today) included, are a few rows whatever the invoice count.
 */
export const invoiceListCounts = pgTable(
  'invoice_list_counts',
  {
    scope: text('scope').notNull(),
    bucket: text('bucket').notNull(),
    dueDate: day('due_date').notNull(),
    n: integer('n').notNull(),
    balanceSum: yen('balance_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.bucket, t.dueDate] })],
);

/**
 * A number that grows with every change to what a scope's invoice lists show (`f:<office>` and the
 * client scopes of `invoice_list_counts`): its invoices, and the names of their matters, requests,
 * offices and billed clients; bumped by triggers in the same transaction (migration 0030). A list
 * page kept in a process is valid while its scope's number stays (docs/adr/0056).
 */
export const invoiceListVersions = pgTable('invoice_list_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const invoiceItems = pgTable(
  'invoice_items',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ...lineItemColumns(),
  },
  (t) => [
    uniqueIndex('invoice_items_invoice_position_uq').on(t.invoiceId, t.position),
    check('invoice_items_tax_class_check', sql`${t.taxClass} in (${inList(taxClassValues)})`),
  ],
);

/** One bank transfer from a client to an office, allocated to that office's invoices. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    ...billedColumns(),
    recordedBySide: text('recorded_by_side', { enum: ['client', 'office'] }).notNull(),
    status: text('status', { enum: paymentStatusValues }).notNull().default('recorded'),
    paidOn: day('paid_on').notNull(),
    amount: yen('amount').notNull(),
    remitterName: text('remitter_name').notNull(),
    bankFeeBorneBy: text('bank_fee_borne_by', { enum: bankFeeBearerValues }).notNull().default('payer'),
    note: text('note'),
    confirmedAt: instant('confirmed_at'),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    ...auditColumns(),
  },
  (t) => [
    index('payments_firm_idx').on(t.firmId, t.paidOn),
    index('payments_billed_org_idx').on(t.billedOrganizationId, t.paidOn),
    index('payments_billed_user_idx').on(t.billedUserId, t.paidOn),
    check('payments_status_check', sql`${t.status} in (${inList(paymentStatusValues)})`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check(
      'payments_billed_check',
      sql`${t.billedOrganizationId} is not null or ${t.billedUserId} is not null`,
    ),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: yen('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);
