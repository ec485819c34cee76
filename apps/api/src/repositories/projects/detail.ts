import { isRefused, refuse, type Project, type ProjectDetail, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { toProject, toProjectDetail } from './columns.js';
import { childRows } from './parties.js';
import { listColumnsFor, projectScope } from './scope.js';

/** A matter as lists show it, if the caller sees it (after a write in the same transaction). */
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

/**
 * The detail of a matter the caller may see (deleted ones too for REGULAR users); the concierge
 * coordinating one of its requests reads it too.
 */
export async function getProjectDetail(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<ProjectDetail | Refused<'projectNotFound'>> {
  const [found] = await db
    .select({ row: projects, requestCount: listColumnsFor(principal).requestCount })
    .from(projects)
    .where(and(projectScope(principal, { coordinated: true }), eq(projects.id, id)))
    .limit(1);
  if (!found) return refuse('projectNotFound');
  const [parties, claims] = await childRows(db, id);
  const project = toProject({ ...found.row, requestCount: found.requestCount });
  return toProjectDetail(found.row, project, parties, claims);
}

/** The detail after a write of the caller's, in the write's transaction. */
export async function readBack(db: Executor, principal: Principal, id: string): Promise<ProjectDetail> {
  const detail = await getProjectDetail(db, principal, id);
  if (isRefused(detail)) throw new Error('changed project not readable');
  return detail;
}
