import {
  computeTotals,
  japanTimeZone,
  type BillingIssuer,
  type BillingLine,
  type BillingLineInput,
  type BillingParty,
  type BillingSubject,
  type BillingTotals,
  type LineInput,
  type TaxClass,
  type Totals,
} from '@ipportal/domain';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import type { dealItems, invoiceItems } from '../../db/schema/index.js';
import { billingCounters, firms, organizations, projects, users } from '../../db/schema/index.js';

/*
 * What estimates and invoices share on the server: document numbers, the parties as printed,
 * lines and totals (always computed here with the domain's computeTotals), the subject columns.
 */

/** The billed client user, beside the `users` table other joins use. */
export const billedUser = alias(users, 'billed_user');

export type DocumentKind = 'deal' | 'invoice' | 'creditNote';

/**
 * Number prefixes: 見積書 Q, 請求書 INV, 適格返還請求書 (credit note) CN, then the Japanese year and
 * a four-digit sequence per office, kind and year: `Q2026-0001`, `INV2026-0001`, `CN2026-0001`.
 * More than 9,999 in a year simply widens the sequence.
 */
export const numberPrefix: Record<DocumentKind, string> = { deal: 'Q', invoice: 'INV', creditNote: 'CN' };

export function formatDocumentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${numberPrefix[kind]}${year}-${String(sequence).padStart(4, '0')}`;
}

/**
 * The next number of an office's documents of one kind in the year of `today` (Japan): one
 * `insert … on conflict do update … returning` inside the caller's transaction. The counter row
 * stays locked until that transaction ends, so numbers are consecutive and never reused; a
 * transaction that rolls back gives its number back.
 */
export async function nextDocumentNumber(
  tx: Executor,
  firmId: string,
  kind: DocumentKind,
  today: string,
): Promise<string> {
  const year = Number(today.slice(0, 4));
  const [row] = await tx
    .insert(billingCounters)
    .values({ firmId, kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [billingCounters.firmId, billingCounters.kind, billingCounters.year],
      set: { last: sql`${billingCounters.last} + 1` },
    })
    .returning({ last: billingCounters.last });
  if (!row) throw new Error('billing counter returned no row');
  return formatDocumentNumber(kind, year, row.last);
}

/** The issuing office as printed, read live (drafts) or to freeze into a snapshot. */
export async function issuerOf(db: Executor, firmId: string): Promise<BillingIssuer> {
  const [firm] = await db.select().from(firms).where(eq(firms.id, firmId)).limit(1);
  if (!firm) throw new Error(`firm ${firmId} not found`);
  return {
    id: firm.id,
    name: firm.name,
    nameEn: firm.nameEn,
    postalCode: firm.postalCode,
    address: firm.address,
    qualifiedInvoiceNumber: firm.qualifiedInvoiceNumber,
    individual: firm.individual,
    bankAccount: firm.bankAccount,
    phoneNumber: firm.phoneNumber,
    email: firm.email,
  };
}

export interface Billed {
  billedOrganizationId: string | null;
  billedUserId: string | null;
}

/** Who is billed for a matter: its organization when it has one, else its owner. */
export async function billedOfProject(db: Executor, projectId: string): Promise<Billed> {
  const [project] = await db
    .select({ organizationId: projects.organizationId, ownerUserId: projects.ownerUserId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw new Error(`project ${projectId} not found`);
  return project.organizationId
    ? { billedOrganizationId: project.organizationId, billedUserId: null }
    : { billedOrganizationId: null, billedUserId: project.ownerUserId };
}

/** The billed client as printed: the organization (no address is kept for one) or the user. */
export async function recipientOf(db: Executor, billed: Billed): Promise<BillingParty> {
  if (billed.billedOrganizationId) {
    const [org] = await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, billed.billedOrganizationId))
      .limit(1);
    if (!org) throw new Error('billed organization not found');
    return { id: org.id, name: org.name, nameEn: null, postalCode: null, address: null };
  }
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, address: users.address })
    .from(users)
    .where(eq(users.id, billed.billedUserId ?? ''))
    .limit(1);
  if (!user) throw new Error('billed user not found');
  return {
    id: user.id,
    name: user.name || user.email,
    nameEn: null,
    postalCode: null,
    address: user.address || null,
  };
}

/** The counterparty's display name on the client side of a document (joins organizations and billedUser). */
export const clientNameSql: SQL<string> = sql<string>`coalesce(${organizations.name}, nullif(${billedUser.name}, ''), ${billedUser.email})`;
export const clientIdSql: SQL<string> = sql<string>`coalesce(${organizations.id}, ${billedUser.id})`;

/** `2.000` -> `2`, `12.50` -> `12.5`: decimals as the office typed them, without padding. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

type ItemRow = typeof dealItems.$inferSelect | typeof invoiceItems.$inferSelect;

export function toLineInput(row: ItemRow): LineInput {
  return {
    description: row.description,
    quantity: trimDecimal(row.quantity),
    unitPrice: trimDecimal(row.unitPrice),
    taxClass: row.taxClass,
    currency: row.currency,
    exchangeRate: row.exchangeRate === null ? null : trimDecimal(row.exchangeRate),
  };
}

export function toLine(row: ItemRow): BillingLine {
  return {
    ...toLineInput(row),
    foreignAmount: row.foreignAmount === null ? null : Number(row.foreignAmount).toFixed(2),
    amountYen: row.amountYen,
  };
}

/** Parsed lines (schema output) as the domain's computeTotals takes them. */
export function lineInputs(lines: readonly BillingLineInput[]): LineInput[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxClass: line.taxClass,
    currency: line.currency ?? 'JPY',
    exchangeRate: line.exchangeRate ?? null,
  }));
}

/** The stored columns of computed totals. */
export function totalColumnsOf(totals: Totals) {
  return {
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    withholdingBase: totals.withholdingBase,
    withholding: totals.withholding,
    amountToTransfer: totals.amountToTransfer,
    byTaxClass: totals.byTaxClass,
  };
}

/** The stored item rows of computed lines (positions from 0). */
export function itemValuesOf(totals: Totals) {
  return totals.lines.map((line, position) => ({
    position,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxClass: line.taxClass,
    currency: line.currency,
    exchangeRate: line.exchangeRate,
    foreignAmount: line.foreignAmount,
    amountYen: line.amountYen,
  }));
}

/**
 * Totals as the server computes them: withholding iff the issuing office is an individual patent
 * attorney. A credit note (negative lines) withholds the mirror of the same positive invoice.
 */
export function computeDocumentTotals(lines: readonly LineInput[], individual: boolean): Totals {
  const totals = computeTotals(lines, { withholding: individual });
  if (!individual || totals.withholdingBase >= 0) return totals;
  const mirror = computeTotals(
    lines.map((line) => ({ ...line, unitPrice: negate(line.unitPrice) })),
    { withholding: true },
  );
  return {
    ...totals,
    withholding: -mirror.withholding,
    amountToTransfer: totals.total + mirror.withholding,
  };
}

function negate(value: string): string {
  return value.startsWith('-') ? value.slice(1) : value === '0' ? value : `-${value}`;
}

export function totalsOf(row: {
  subtotal: number;
  tax: number;
  total: number;
  withholdingBase: number;
  withholding: number;
  amountToTransfer: number;
  byTaxClass: unknown;
}): BillingTotals {
  return {
    byTaxClass: row.byTaxClass as { taxClass: TaxClass; rate: number; subtotal: number; tax: number }[],
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    withholdingBase: row.withholdingBase,
    withholding: row.withholding,
    amountToTransfer: row.amountToTransfer,
  };
}

/** The subject's columns, for selects joining projects and requests. */
export function toSubject(row: {
  projectId: string;
  refrenceCode: string;
  projectTitle: string;
  requestNumber: number;
  requestName: string;
}): BillingSubject {
  return {
    projectId: row.projectId,
    refrenceCode: row.refrenceCode,
    projectTitle: row.projectTitle,
    requestId: row.requestNumber,
    requestName: row.requestName,
  };
}

/** A LIKE pattern that matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An instant as its Japanese calendar day. */
export function tokyoDay(column: SQL | AnyColumn): SQL<string> {
  return sql<string>`((${column}) at time zone ${sql.raw(`'${japanTimeZone}'`)})::date`;
}
