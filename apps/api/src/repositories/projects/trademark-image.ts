import { CaseType, isRefused, refuse, type ProjectDetail, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { files, projects } from '../../db/schema/index.js';
import type { StoredFile } from '../../storage/types.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import type { ProjectRow } from './columns.js';
import { readBack } from './detail.js';
import { projectScope } from './scope.js';
import { writableProject, type WriteAccessOptions } from './write-access.js';

/** The matter row when the caller may set its trademark image: a trademark matter they can change. */
export async function trademarkImageWritable(
  db: Executor,
  principal: Principal,
  id: string,
  options: WriteAccessOptions = {},
): Promise<ProjectRow | Refused> {
  const row = await writableProject(db, principal, id, options);
  if (isRefused(row)) return row;
  // Only trademark matters have an image sample.
  return row.type === CaseType.Trademark ? row : refuse('notTrademark');
}

/** Records an uploaded trademark image sample and points the matter at it. */
export async function setTrademarkImage(
  db: Executor,
  principal: Principal,
  id: string,
  stored: StoredFile,
  actor: ActorContext,
): Promise<ProjectDetail | Refused> {
  return db.transaction(async (tx): Promise<ProjectDetail | Refused> => {
    const row = await trademarkImageWritable(tx, principal, id, { lock: 'update' });
    if (isRefused(row)) return row;
    const [file] = await tx
      .insert(files)
      .values({ ...stored, purpose: 'trademarkImage', createdBy: actor.userId })
      .returning({ id: files.id });
    if (!file) throw new Error('insert returned no row');
    await tx
      .update(projects)
      .set({ trademarkImageFileId: file.id, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(projects.id, id));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.trademarkImage.set',
      entityType: 'project',
      entityId: id,
      projectId: id,
      changes: {
        'trademark.imageFileId': [row.trademarkImageFileId, file.id],
        file: { name: stored.originalName, contentType: stored.contentType, sizeBytes: stored.sizeBytes },
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    return readBack(tx, principal, id);
  });
}

/** The stored trademark image of a matter the caller may see. */
export async function findTrademarkImage(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<typeof files.$inferSelect | Refused<'projectNotFound' | 'trademarkImageNotFound'>> {
  const [found] = await db
    .select({ imageId: projects.trademarkImageFileId })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  if (!found) return refuse('projectNotFound');
  if (!found.imageId) return refuse('trademarkImageNotFound');
  const [file] = await db.select().from(files).where(eq(files.id, found.imageId)).limit(1);
  return file ?? refuse('trademarkImageNotFound');
}
