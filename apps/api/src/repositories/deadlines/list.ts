import {
  isRefused,
  refuse,
  type DeadlineFilterOptions,
  type DeadlineItem,
  type OfficeDeadlineFilterOptions,
  type deadlineListQuerySchema,
  type Refused,
} from '@ipportal/domain';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  deadlines,
  firms,
  organizations,
  projectAssignees,
  projects,
  requests,
  users,
} from '../../db/schema/index.js';
import { requestScope } from '../request-access.js';
import { projectScope } from '../projects/scope.js';
import {
  effectiveState,
  liveDeadline,
  openDeadline,
  selectDeadlines,
  toDeadlineItem,
  visibleDeadlines,
} from './read.js';

type ListQuery = z.output<typeof deadlineListQuerySchema>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor is the last row's sort key (date, matter, key) as base64url JSON. */
function encodeCursor(item: DeadlineItem): string {
  return Buffer.from(JSON.stringify([item.date, item.projectId, item.key])).toString('base64url');
}

function decodeCursor(raw: string): [string, string, string] | Refused<'invalidCursor'> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      typeof parsed[0] === 'string' &&
      isoDate.test(parsed[0]) &&
      typeof parsed[1] === 'string' &&
      uuid.test(parsed[1]) &&
      typeof parsed[2] === 'string' &&
      parsed[2].length <= 200
    )
      return parsed as [string, string, string];
  } catch {
    // falls through to the refusal
  }
  return refuse('invalidCursor');
}

/** The filters as one SQL condition (the caller's visibility included). */
function conditions(principal: Principal, query: ListQuery): SQL {
  const parts: (SQL | undefined)[] = [visibleDeadlines(principal), liveDeadline];
  if (query.caseType !== undefined) parts.push(eq(projects.type, query.caseType));
  if (query.regionCode !== undefined) parts.push(eq(projects.regionCode, query.regionCode));
  if (query.kind) parts.push(eq(deadlines.kind, query.kind));
  if (query.state === 'open') parts.push(openDeadline);
  else if (query.state !== 'all') parts.push(sql`${effectiveState} = ${query.state}`);
  if (query.projectId) parts.push(eq(deadlines.projectId, query.projectId));
  if (query.from) parts.push(gte(deadlines.date, query.from));
  if (query.to) parts.push(lte(deadlines.date, query.to));
  if (query.assigneeUserId)
    parts.push(
      sql`exists (select 1 from ${projectAssignees} as fa where fa.project_id = ${deadlines.projectId} and fa.user_id = ${query.assigneeUserId})`,
    );
  if (query.organizationId) parts.push(eq(projects.organizationId, query.organizationId));
  if (query.enteredByUserId) parts.push(eq(deadlines.enteredBy, query.enteredByUserId));
  if (query.firmId)
    // A request's deadline belongs to its office; a matter's own deadlines to every office it asked.
    parts.push(
      sql`(case when ${deadlines.requestId} is not null then ${requests.firmId} = ${query.firmId} else exists (select 1 from ${requests} as fr where fr.project_id = ${deadlines.projectId} and fr.firm_id = ${query.firmId} and fr.deleted_at is null) end)`,
    );
  return and(...parts) as SQL;
}

/** One page of the caller's deadlines, soonest first. */
export async function listDeadlines(
  db: Executor,
  principal: Principal,
  query: ListQuery,
): Promise<{ items: DeadlineItem[]; nextCursor: string | null } | Refused<'invalidCursor'>> {
  const where = [conditions(principal, query)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (isRefused(cursor)) return cursor;
    where.push(
      sql`(${deadlines.date}, ${deadlines.projectId}, ${deadlines.key}) > (${cursor[0]}::date, ${cursor[1]}::uuid, ${cursor[2]})`,
    );
  }
  const rows = await selectDeadlines(db)
    .where(and(...where))
    .orderBy(asc(deadlines.date), asc(deadlines.projectId), asc(deadlines.key))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toDeadlineItem);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

/** One deadline of a matter the caller may see (live), or undefined. */
export async function findDeadline(
  db: Executor,
  principal: Principal,
  projectId: string,
  key: string,
): Promise<DeadlineItem | undefined> {
  const [row] = await selectDeadlines(db)
    .where(
      and(projectScope(principal), liveDeadline, eq(deadlines.projectId, projectId), eq(deadlines.key, key)),
    )
    .limit(1);
  return row ? toDeadlineItem(row) : undefined;
}

/** The people assigned to, and the offices asked about, the caller's live matters. */
export async function deadlineFilterOptions(
  db: Executor,
  principal: Principal,
): Promise<DeadlineFilterOptions> {
  const visible = sql`select ${projects.id} from ${projects} where ${projectScope(principal)} and ${projects.deletedAt} is null`;
  const assignees = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(projectAssignees)
    .innerJoin(users, eq(users.id, projectAssignees.userId))
    .where(sql`${projectAssignees.projectId} in (${visible})`)
    .groupBy(users.id);
  const offices = await db
    .select({ id: firms.id, name: firms.name })
    .from(requests)
    .innerJoin(firms, eq(firms.id, requests.firmId))
    .where(sql`${requests.deletedAt} is null and ${requests.projectId} in (${visible})`)
    .groupBy(firms.id);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { assignees: assignees.sort(byName), offices: offices.sort(byName) };
}

/**
 * What the office's docket filters offer: the organizations whose live requests are addressed to
 * the caller's office, and the office's own members (who may have entered a date). Nothing of the
 * client's side (its assignees, the other offices it asked).
 */
export async function officeDeadlineFilterOptions(
  db: Executor,
  principal: Principal,
): Promise<OfficeDeadlineFilterOptions> {
  if (!principal.firmId) return { clients: [], members: [] };
  const clients = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(requestScope(principal))
    .groupBy(organizations.id);
  const members = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(users)
    .where(eq(users.firmId, principal.firmId));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { clients: clients.sort(byName), members: members.sort(byName) };
}
