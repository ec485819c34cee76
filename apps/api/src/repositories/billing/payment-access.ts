import { OrganizationRole } from '@ipportal/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import { invoices, paymentAllocations, payments, projects } from '../../db/schema/index.js';
import { projectScope } from '../projects/scope.js';

/*
 * Who sees which invoices and payments, as SQL conditions. Raw fragments name their tables
 * explicitly (see projects/scope.ts): a bare column in a subquery would mean the subquery's table.
 */

type ScopePrincipal = Pick<
  Principal,
  'userId' | 'userType' | 'organizationId' | 'roleInOrganizationCode' | 'firmId'
>;

/**
 * Invoices a caller sees: an office its own (drafts too); a client the issued ones (never drafts)
 * of the matters `projectScope` lets it see: the owner's own, an organization administrator's
 * every matter of the organization, a member's the matters they are assigned to.
 */
export function invoiceScope(principal: ScopePrincipal): SQL {
  if (principal.userType === 'PATENT') {
    return principal.firmId ? sql`${invoices}.firm_id = ${principal.firmId}` : sql`false`;
  }
  return sql`(${invoices}.status <> 'draft' and ${invoices}.project_id in (select ${projects}.id from ${projects} where ${projectScope(principal)}))`;
}

/** The client side a REGULAR caller pays for: their organization, or themselves without one. */
export function billedSideOf(principal: Pick<Principal, 'userId' | 'organizationId'>): {
  billedOrganizationId: string | null;
  billedUserId: string | null;
} {
  return principal.organizationId
    ? { billedOrganizationId: principal.organizationId, billedUserId: null }
    : { billedOrganizationId: null, billedUserId: principal.userId };
}

/**
 * Payments a caller sees: an office those it received; on the client side, payments billed to
 * the caller's side, and of those an organization administrator (and a client without an
 * organization) every one, a member those they recorded or that pay an invoice of a matter they
 * see.
 */
export function paymentScope(principal: ScopePrincipal): SQL {
  if (principal.userType === 'PATENT') {
    return principal.firmId ? sql`${payments}.firm_id = ${principal.firmId}` : sql`false`;
  }
  if (!principal.organizationId) {
    return sql`(${payments}.billed_user_id = ${principal.userId} and ${payments}.billed_organization_id is null)`;
  }
  const ofOrganization = sql`${payments}.billed_organization_id = ${principal.organizationId}`;
  if (principal.roleInOrganizationCode === OrganizationRole.Administrator) return ofOrganization;
  return sql`(${ofOrganization} and (${payments}.created_by = ${principal.userId} or exists (select 1 from ${paymentAllocations} as pa join ${invoices} on ${invoices}.id = pa.invoice_id where pa.payment_id = ${payments}.id and ${invoices}.project_id in (select ${projects}.id from ${projects} where ${projectScope(principal)}))))`;
}
