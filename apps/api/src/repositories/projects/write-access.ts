import { refuse, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import type { ProjectRow } from './columns.js';
import { projectScope } from './scope.js';

/** Who is editing: the matter's own side (REGULAR) or a requested office (PATENT). */
export type Editor = 'client' | 'office';

export const editorOf = (principal: Pick<Principal, 'userType'>): Editor =>
  principal.userType === 'PATENT' ? 'office' : 'client';

/** Why a matter cannot be changed by the caller. */
export type WriteRefused = Refused<'projectNotFound' | 'projectDeleted' | 'officeEditNotAllowed'>;

export interface WriteAccessOptions {
  /**
   * `update`: lock the row for a change in the calling transaction; `share`: keep it from
   * changing while it is read (a copy); none: check only, e.g. to refuse an upload before any
   * byte is stored (the write that follows checks again under its lock).
   */
  lock?: 'update' | 'share';
}

/**
 * The matter row when the caller may change it: not visible -> projectNotFound; deleted ->
 * projectDeleted (deleted matters are read-only); an office without the matter's permission ->
 * officeEditNotAllowed.
 */
export async function writableProject(
  db: Executor,
  principal: Principal,
  id: string,
  { lock }: WriteAccessOptions = {},
): Promise<ProjectRow | WriteRefused> {
  const query = db
    .select()
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) return refuse('projectNotFound');
  if (row.deletedAt) return refuse('projectDeleted');
  if (editorOf(principal) === 'office' && !row.allowRequestedOfficeEdit) {
    return refuse('officeEditNotAllowed');
  }
  return row;
}
