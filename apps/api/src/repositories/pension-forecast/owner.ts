import { OrganizationRole } from '@ipportal/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/types.js';

/*
 * Whose forecast settings a caller reads and writes (ADR 0037): an organization's, shared by its
 * members, or a user's own when they have no organization.
 */

export type ForecastOwner =
  { organizationId: string; userId: null } | { organizationId: null; userId: string };

export function forecastOwnerOf(principal: Pick<Principal, 'userId' | 'organizationId'>): ForecastOwner {
  return principal.organizationId
    ? { organizationId: principal.organizationId, userId: null }
    : { organizationId: null, userId: principal.userId };
}

/** The rows of the owner, on a table with the owner columns. */
export function ownedBy(table: { organizationId: PgColumn; userId: PgColumn }, owner: ForecastOwner): SQL {
  return owner.organizationId
    ? eq(table.organizationId, owner.organizationId)
    : eq(table.userId, owner.userId!);
}

/** Rates are a budget decision: an organization's administrators set them, a user alone sets their own. */
export function maySetRates(
  principal: Pick<Principal, 'organizationId' | 'roleInOrganizationCode'>,
): boolean {
  return !principal.organizationId || principal.roleInOrganizationCode === OrganizationRole.Administrator;
}
