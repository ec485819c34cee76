import { isRefused, type Locale, type Project, type Refused } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projectAssignees, projects } from '../../db/schema/index.js';
import { refreshDeadlines } from '../deadlines/refresh.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { toApplicant, toPriorityClaim } from './columns.js';
import { assignCreator } from './create.js';
import { getProject } from './detail.js';
import { childRows, replaceApplicants, replacePriorityClaims } from './parties.js';
import { writableProject } from './write-access.js';

const titleMax = 200;
const copyMarks: Record<Locale, string> = { ja: '（コピー）', en: ' (copy)' };

/** "<title>（コピー）" / "<title> (copy)", cut (by characters) to stay within the title limit. */
export function copyTitle(title: string, locale: Locale): string {
  const mark = copyMarks[locale];
  const chars = Array.from(title);
  while (chars.join('').length + mark.length > titleMax) chars.pop();
  return `${chars.join('').trimEnd()}${mark}`;
}

/**
 * A new matter with the source's data: every matter field, applicants and priority claims, the
 * trademark image (the same immutable file), the family and the setting. Not copied: requests,
 * the concierge state, the user space, the deletion. The title is marked as a copy in the
 * caller's saved language. The new matter's assignees are the source's plus a member caller.
 * A deleted source is refused like a write to it.
 */
export async function duplicateProject(
  db: Executor,
  principal: Principal,
  id: string,
  actor: ActorContext,
): Promise<Project | Refused> {
  return db.transaction(async (tx): Promise<Project | Refused> => {
    // The source must not change while it is copied.
    const source = await writableProject(tx, principal, id, { lock: 'share' });
    if (isRefused(source)) return source;
    const {
      id: _id,
      ownerUserId: _owner,
      organizationId: _organization,
      concierge: _concierge,
      sourceProjectId: _source,
      requestCount: _requestCount,
      createdAt: _createdAt,
      createdBy: _createdBy,
      updatedAt: _updatedAt,
      updatedBy: _updatedBy,
      deletedAt: _deletedAt,
      deletedBy: _deletedBy,
      ...data
    } = source;
    const now = new Date();
    const [created] = await tx
      .insert(projects)
      .values({
        ...data,
        title: copyTitle(source.title, principal.locale),
        ownerUserId: principal.userId,
        organizationId: principal.organizationId,
        sourceProjectId: source.id,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: projects.id });
    if (!created) throw new Error('insert returned no row');
    const [parties, claims] = await childRows(tx, id);
    await replaceApplicants(tx, created.id, parties.map(toApplicant), actor.userId);
    await replacePriorityClaims(tx, created.id, claims.map(toPriorityClaim), actor.userId);
    if (principal.organizationId) {
      await tx.execute(
        sql`insert into ${projectAssignees} (project_id, user_id, created_by)
            select ${created.id}, pa.user_id, ${actor.userId} from ${projectAssignees} as pa
            where pa.project_id = ${id}`,
      );
      await assignCreator(tx, principal, created.id);
    }
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.duplicate',
      entityType: 'project',
      entityId: created.id,
      projectId: created.id,
      changes: { sourceProjectId: id, title: copyTitle(source.title, principal.locale) },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    await refreshDeadlines(tx, [created.id]);
    const project = await getProject(tx, principal, created.id);
    if (!project) throw new Error('duplicated project not readable');
    return project;
  });
}
