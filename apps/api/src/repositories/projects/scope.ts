import { OrganizationRole } from '@ipportal/domain';
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projectAssignees, projects, requests } from '../../db/schema/index.js';

/*
 * Which matters a caller sees, and the list columns as they see them. Raw fragments name their
 * tables explicitly: Drizzle renders columns unqualified inside them, and a bare "id" in a
 * subquery would mean the subquery's table.
 */

/** The caller as a scope needs it; its ids may be placeholders, for statements built once (ADR 0060). */
export interface ScopePrincipal extends Pick<Principal, 'userType' | 'roleInOrganizationCode'> {
  userId: string | Placeholder;
  organizationId: string | Placeholder | null;
  firmId: string | Placeholder | null;
}

/**
 * The caller with its ids as placeholders named `scope*`, and the values they stand for. A scope
 * built from it has the caller's branch but no value of theirs: the text of every statement that
 * uses it is the same for every caller of that branch.
 */
export function scopePlaceholders(principal: Pick<Principal, keyof ScopePrincipal>): {
  principal: ScopePrincipal;
  values: Record<string, string>;
} {
  const values: Record<string, string> = { scopeUserId: principal.userId };
  if (principal.organizationId !== null) values.scopeOrganizationId = principal.organizationId;
  if (principal.firmId !== null) values.scopeFirmId = principal.firmId;
  return {
    principal: {
      userType: principal.userType,
      roleInOrganizationCode: principal.roleInOrganizationCode,
      userId: sql.placeholder('scopeUserId'),
      organizationId: principal.organizationId === null ? null : sql.placeholder('scopeOrganizationId'),
      firmId: principal.firmId === null ? null : sql.placeholder('scopeFirmId'),
    },
    values,
  };
}

/**
 * What a scope built from `scopePlaceholders` depends on besides its placeholders: the caller's
 * user type, organization role, and whether they have an organization and an office. Callers of
 * one branch share the text of every statement built around their scope.
 */
export function scopeBranch(principal: ScopePrincipal): string {
  return `${principal.userType}/${principal.roleInOrganizationCode}/${principal.organizationId === null}/${principal.firmId === null}`;
}

/**
 * Which matters a caller sees, as one SQL condition on `projects`:
 * - a REGULAR user without an organization: the matters they own;
 * - an organization administrator (role 0): every matter of the organization;
 * - an organization member: the organization's matters they are assigned to (project_assignees);
 * - a PATENT user: live matters with a live request addressed to their firm (with
 *   `coordinated`, for reading the matter only: or coordinated by their firm as the concierge,
 *   ADR 0019).
 */
export function projectScope(principal: ScopePrincipal, options: { coordinated?: boolean } = {}): SQL {
  if (principal.userType === 'PATENT') {
    if (!principal.firmId) return sql`false`;
    const ownFirm = options.coordinated
      ? sql`(fr.firm_id = ${principal.firmId} or fr.coordinator_firm_id = ${principal.firmId})`
      : sql`fr.firm_id = ${principal.firmId}`;
    return sql`(${projects}.deleted_at is null and exists (select 1 from ${requests} as fr where fr.project_id = ${projects}.id and ${ownFirm} and fr.deleted_at is null))`;
  }
  if (!principal.organizationId) {
    return and(eq(projects.ownerUserId, principal.userId), isNull(projects.organizationId)) as SQL;
  }
  const inOrganization = eq(projects.organizationId, principal.organizationId);
  if (principal.roleInOrganizationCode === OrganizationRole.Administrator) return inOrganization;
  return and(
    inOrganization,
    sql`exists (select 1 from ${projectAssignees} as pa where pa.project_id = ${projects}.id and pa.user_id = ${principal.userId})`,
  ) as SQL;
}

/** Whether the caller sees the matter (for reads of what hangs off it). */
export async function isVisibleProject(db: Executor, principal: Principal, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * Live requests of a matter as the caller counts them. A client reads the stored count (kept by
 * triggers on requests, drizzle/0017), so the list sorts by it through an index. A firm counts
 * only the requests addressed to it: other offices' requests are none of its business.
 */
export function requestCountFor(principal: Pick<ScopePrincipal, 'userType' | 'firmId'>): SQL<number> {
  if (principal.userType === 'PATENT') {
    return sql<number>`(select count(*)::int from ${requests} as r where r.project_id = ${projects}.id and r.deleted_at is null and r.firm_id = ${principal.firmId})`;
  }
  return sql<number>`${projects.requestCount}`;
}

const listColumns = {
  id: projects.id,
  type: projects.type,
  refrenceCode: projects.refrenceCode,
  regionCode: projects.regionCode,
  title: projects.title,
  status: projects.status,
  name: projects.name,
  applicationCode: projects.applicationCode,
  applicationDate: projects.applicationDate,
  publicationCode: projects.publicationCode,
  registCode: projects.registCode,
  registDate: projects.registDate,
  concierge: projects.concierge,
  family: projects.family,
  deletedAt: projects.deletedAt,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/** The list columns with the request count the caller may see. */
export function listColumnsFor(principal: Pick<ScopePrincipal, 'userType' | 'firmId'>) {
  return { ...listColumns, requestCount: requestCountFor(principal) };
}
