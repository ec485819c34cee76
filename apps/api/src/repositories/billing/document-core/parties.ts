import type { BillingIssuer, BillingParty } from '@ipportal/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { firms, organizations, projects, users } from '../../../db/schema/index.js';

/** The billed client user, beside the `users` table other joins use. */
export const billedUser = alias(users, 'billed_user');

/** The counterparty's display name on the client side of a document (joins organizations and billedUser). */
export const clientNameSql: SQL<string> = sql<string>`coalesce(${organizations.name}, nullif(${billedUser.name}, ''), ${billedUser.email})`;
export const clientIdSql: SQL<string> = sql<string>`coalesce(${organizations.id}, ${billedUser.id})`;

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

/** A document's columns that say who issues it, who it bills, and what was frozen when it left the office. */
export interface DocumentParties extends Billed {
  firmId: string;
  issuerSnapshot: unknown;
  recipientSnapshot: unknown;
}

/** Both parties as printed: frozen once the document was sent or issued, read live on a draft. */
export async function partiesOf(
  db: Executor,
  document: DocumentParties,
): Promise<{ issuer: BillingIssuer; recipient: BillingParty }> {
  const issuer = (document.issuerSnapshot as BillingIssuer | null) ?? (await issuerOf(db, document.firmId));
  const recipient = (document.recipientSnapshot as BillingParty | null) ?? (await recipientOf(db, document));
  return { issuer, recipient };
}
