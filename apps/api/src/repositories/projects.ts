import {
  OrganizationRole,
  caseTypeOfTab,
  type CaseType,
  type CreateProjectBody,
  type ProgressStatus,
  type Project,
  type ProjectListResponse,
  type ProjectSortField,
  type ProjectTabCounts,
  type projectListQuerySchema,
} from '@ipportal/domain';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { projectAssignees, projectParties, projects, requests } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import type { ActorContext } from './users.js';

export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

// Written with explicit qualifiers: inside a raw fragment Drizzle renders columns unqualified,
// and a bare "id" in the subquery would mean requests.id.
const requestCount = sql<number>`(select count(*)::int from ${requests} as r where r.project_id = ${projects}.id and r.deleted_at is null)`;

/**
 * Which matters a caller sees (spec section 6), as one SQL condition on `projects`:
 * - a REGULAR user without an organization: the matters they own;
 * - an organization administrator (role 0): every matter of the organization;
 * - an organization member: the organization's matters they are assigned to (project_assignees);
 * - a PATENT user: live matters with a live request addressed to their firm.
 * Raw fragments name their tables explicitly: Drizzle renders columns unqualified inside them,
 * and a bare "id" in a subquery would mean the subquery's table.
 */
export function projectScope(
  principal: Pick<Principal, 'userId' | 'userType' | 'organizationId' | 'roleInOrganizationCode' | 'firmId'>,
): SQL {
  if (principal.userType === 'PATENT') {
    if (!principal.firmId) return sql`false`;
    return sql`(${projects}.deleted_at is null and exists (select 1 from ${requests} as fr where fr.project_id = ${projects}.id and fr.firm_id = ${principal.firmId} and fr.deleted_at is null))`;
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

/**
 * Live requests of a matter. A firm counts only the requests addressed to it: other offices'
 * requests are none of its business.
 */
function requestCountFor(principal: Pick<Principal, 'userType' | 'firmId'>): SQL<number> {
  if (principal.userType === 'PATENT') {
    return sql<number>`(select count(*)::int from ${requests} as r where r.project_id = ${projects}.id and r.deleted_at is null and r.firm_id = ${principal.firmId})`;
  }
  return requestCount;
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
  requestCount,
  concierge: projects.concierge,
  family: projects.family,
  deletedAt: projects.deletedAt,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/** The list columns with the request count the caller may see. */
export function listColumnsFor(principal: Pick<Principal, 'userType' | 'firmId'>) {
  return { ...listColumns, requestCount: requestCountFor(principal) };
}

type ListRow = Pick<
  typeof projects.$inferSelect,
  | 'id'
  | 'type'
  | 'refrenceCode'
  | 'regionCode'
  | 'title'
  | 'status'
  | 'name'
  | 'applicationCode'
  | 'applicationDate'
  | 'publicationCode'
  | 'registCode'
  | 'registDate'
  | 'concierge'
  | 'family'
  | 'deletedAt'
  | 'createdAt'
  | 'updatedAt'
> & { requestCount: number | string };

export function toProject(row: ListRow): Project {
  return {
    id: row.id,
    type: row.type as CaseType,
    refrenceCode: row.refrenceCode,
    regionCode: row.regionCode,
    title: row.title,
    status: row.status as ProgressStatus,
    name: row.name,
    applicationCode: row.applicationCode,
    applicationDate: row.applicationDate,
    publicationCode: row.publicationCode,
    registCode: row.registCode,
    registDate: row.registDate,
    requestCount: Number(row.requestCount),
    concierge: row.concierge,
    family: row.family,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    createDate: row.createdAt.toISOString(),
    updateDate: row.updatedAt.toISOString(),
  };
}

/**
 * Sort keys. Nullable columns sort through COALESCE so the keyset comparison `(key, id) < (v, id)`
 * stays total; `cast` turns the cursor's JSON value back into the key's SQL type.
 */
const sortKeys: Record<
  ProjectSortField,
  { expr: SQL; cast: string; value: (p: Project) => string | number }
> = {
  refrenceCode: { expr: sql`${projects.refrenceCode}`, cast: 'text', value: (p) => p.refrenceCode },
  type: { expr: sql`${projects.type}`, cast: 'smallint', value: (p) => p.type },
  regionCode: { expr: sql`${projects.regionCode}`, cast: 'integer', value: (p) => p.regionCode },
  title: { expr: sql`${projects.title}`, cast: 'text', value: (p) => p.title },
  status: { expr: sql`${projects.status}`, cast: 'smallint', value: (p) => p.status },
  applicationCode: {
    expr: sql`coalesce(${projects.applicationCode}, '')`,
    cast: 'text',
    value: (p) => p.applicationCode ?? '',
  },
  applicationDate: {
    expr: sql`coalesce(${projects.applicationDate}, '0001-01-01'::date)`,
    cast: 'date',
    value: (p) => p.applicationDate ?? '0001-01-01',
  },
  registCode: {
    expr: sql`coalesce(${projects.registCode}, '')`,
    cast: 'text',
    value: (p) => p.registCode ?? '',
  },
  // Replaced by the caller's own count in listProjects (a firm counts only its requests).
  requestCount: { expr: requestCount, cast: 'integer', value: (p) => p.requestCount },
  updateDate: { expr: sql`${projects.updatedAt}`, cast: 'timestamptz', value: (p) => p.updateDate },
};

interface Cursor {
  sort: ProjectSortField;
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

export class InvalidCursorError extends Error {}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id])).toString(
    'base64url',
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(raw: string, sort: ProjectSortField, order: 'asc' | 'desc'): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('cursor is not base64url JSON');
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw new InvalidCursorError('cursor shape');
  const [cSort, cOrder, value, id] = parsed as unknown[];
  // A cursor belongs to the sort it was issued for; anything else would skip or repeat rows.
  if (cSort !== sort || cOrder !== order) throw new InvalidCursorError('cursor issued for another sort');
  if (typeof id !== 'string' || !uuidPattern.test(id)) throw new InvalidCursorError('cursor id');
  if (typeof value !== 'string' && typeof value !== 'number') throw new InvalidCursorError('cursor value');
  if (typeof value === 'string' && value.length > 400) throw new InvalidCursorError('cursor value length');
  return { sort, order, value, id };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Free text matches the reference code, title, invention/device name, family, the application,
 * publication and registration numbers (national and international) and the applicants' names.
 */
function textFilter(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return or(
    ilike(projects.refrenceCode, pattern),
    ilike(projects.title, pattern),
    ilike(projects.name, pattern),
    ilike(projects.family, pattern),
    ilike(projects.applicationCode, pattern),
    ilike(projects.publicationCode, pattern),
    ilike(projects.registCode, pattern),
    ilike(projects.intlApplicationNumber, pattern),
    ilike(projects.intlPublicationNumber, pattern),
    // Uncorrelated: PostgreSQL runs it once per query (a hashed subplan), not once per matter.
    sql`${projects}.id in (select ap.project_id from ${projectParties} as ap where ap.role = 'applicant' and (ap.name ilike ${pattern} or ap.name_en ilike ${pattern}))`,
  ) as SQL;
}

/** Filters shared by the page and the per-tab counts (everything except the tab). */
function commonFilters(principal: Principal, query: ProjectListQuery): SQL[] {
  const filters: SQL[] = [projectScope(principal)];
  if (query.status !== 'all') filters.push(eq(projects.status, Number(query.status)));
  if (query.family) filters.push(eq(projects.family, query.family));
  if (query.q) filters.push(textFilter(query.q));
  return filters;
}

function tabFilter(tab: ProjectListQuery['tab']): SQL[] {
  if (tab === 'deleted') return [isNotNull(projects.deletedAt)];
  if (tab === 'all') return [isNull(projects.deletedAt)];
  return [isNull(projects.deletedAt), eq(projects.type, caseTypeOfTab[tab])];
}

export async function countProjectsByTab(
  db: Executor,
  principal: Principal,
  query: ProjectListQuery,
): Promise<ProjectTabCounts> {
  const live = sql`${projects.deletedAt} is null`;
  const [row] = await db
    .select({
      all: sql<number>`count(*) filter (where ${live})::int`,
      patent: sql<number>`count(*) filter (where ${live} and ${projects.type} = 0)::int`,
      utilityModel: sql<number>`count(*) filter (where ${live} and ${projects.type} = 1)::int`,
      trademark: sql<number>`count(*) filter (where ${live} and ${projects.type} = 2)::int`,
      design: sql<number>`count(*) filter (where ${live} and ${projects.type} = 3)::int`,
      deleted: sql<number>`count(*) filter (where ${projects.deletedAt} is not null)::int`,
    })
    .from(projects)
    .where(and(...commonFilters(principal, query)));
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    all: n(row?.all),
    patent: n(row?.patent),
    utilityModel: n(row?.utilityModel),
    design: n(row?.design),
    trademark: n(row?.trademark),
    deleted: n(row?.deleted),
  };
}

/** One page of the matter list plus the per-tab counts; throws InvalidCursorError. */
export async function listProjects(
  db: Executor,
  principal: Principal,
  query: ProjectListQuery,
): Promise<Omit<ProjectListResponse, 'hasError' | 'message'>> {
  const columns = listColumnsFor(principal);
  const key =
    query.sort === 'requestCount'
      ? { ...sortKeys.requestCount, expr: columns.requestCount as SQL }
      : sortKeys[query.sort];
  const filters = [...commonFilters(principal, query), ...tabFilter(query.tab)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort, query.order);
    const comparison = query.order === 'desc' ? sql.raw('<') : sql.raw('>');
    filters.push(
      sql`(${key.expr}, ${projects.id}) ${comparison} (cast(${cursor.value} as ${sql.raw(key.cast)}), cast(${cursor.id} as uuid))`,
    );
  }
  const direction = query.order === 'desc' ? desc : asc;
  const pageQuery = db
    .select(columns)
    .from(projects)
    .where(and(...filters))
    .orderBy(direction(key.expr), direction(projects.id))
    .limit(query.limit + 1);
  const [rows, counts] = await Promise.all([pageQuery, countProjectsByTab(db, principal, query)]);
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toProject);
  const last = items.at(-1);
  return {
    items,
    counts,
    nextCursor:
      hasMore && last
        ? encodeCursor({ sort: query.sort, order: query.order, value: key.value(last), id: last.id })
        : null,
  };
}

export async function getProject(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<Project | undefined> {
  const [row] = await db
    .select(listColumnsFor(principal))
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  return row ? toProject(row) : undefined;
}

export async function createProject(
  db: Executor,
  principal: Principal,
  body: CreateProjectBody,
  actor: ActorContext,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(projects)
      .values({
        ownerUserId: principal.userId,
        organizationId: principal.organizationId,
        type: body.type,
        refrenceCode: body.refrenceCode,
        regionCode: body.regionCode,
        title: body.title,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error('insert returned no row');
    await assignCreator(tx, principal, row.id);
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.create',
      entityType: 'project',
      entityId: row.id,
      projectId: row.id,
      changes: { ...body },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const created = await getProject(tx, principal, row.id);
    if (!created) throw new Error('created project not readable');
    return created;
  });
}

/**
 * An organization member sees only the matters assigned to them, so the matters they create
 * (or duplicate) are assigned to them. Administrators see every matter and are never listed.
 */
export async function assignCreator(db: Executor, principal: Principal, projectId: string): Promise<void> {
  if (!principal.organizationId || principal.roleInOrganizationCode === OrganizationRole.Administrator)
    return;
  await db
    .insert(projectAssignees)
    .values({ projectId, userId: principal.userId, createdBy: principal.userId })
    .onConflictDoNothing();
}

/** Moves a matter to the deleted tab; deleting a deleted matter answers its first deletion. */
export async function softDeleteProject(
  db: Executor,
  principal: Principal,
  id: string,
  actor: ActorContext,
): Promise<{ id: string; deletedAt: string } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: projects.id, deletedAt: projects.deletedAt })
      .from(projects)
      .where(and(projectScope(principal), eq(projects.id, id)))
      .limit(1)
      .for('update');
    if (!before) return undefined;
    if (before.deletedAt) return { id, deletedAt: before.deletedAt.toISOString() };
    const now = new Date();
    await tx
      .update(projects)
      .set({ deletedAt: now, deletedBy: actor.userId, updatedAt: now, updatedBy: actor.userId })
      .where(eq(projects.id, id));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.delete',
      entityType: 'project',
      entityId: id,
      projectId: id,
      traceId: actor.traceId,
      ip: actor.ip,
    });
    return { id, deletedAt: now.toISOString() };
  });
}
