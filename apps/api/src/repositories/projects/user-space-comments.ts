import { isRefused, refuse, type Refused, type UserSpaceComment } from '@ipportal/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { userSpaceComments, users } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { isVisibleProject } from './scope.js';
import { writableProject } from './write-access.js';

/*
 * Comments of a matter's user space, private to the client side: only the /user routes call
 * these, so offices and concierges never reach them; within the client side the matter's
 * visibility applies (owner, organization administrators, assigned members).
 */

const commentColumns = {
  id: userSpaceComments.id,
  projectId: userSpaceComments.projectId,
  authorUserId: userSpaceComments.authorUserId,
  authorName: users.name,
  body: userSpaceComments.body,
  createdAt: userSpaceComments.createdAt,
  updatedAt: userSpaceComments.updatedAt,
};

function toComment(row: {
  id: string;
  projectId: string;
  authorUserId: string;
  authorName: string | null;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}): UserSpaceComment {
  return {
    id: row.id,
    projectId: row.projectId,
    authorUserId: row.authorUserId,
    authorName: row.authorName ?? '',
    body: row.body,
    createDate: row.createdAt.toISOString(),
    updateDate: row.updatedAt.toISOString(),
  };
}

async function readComment(db: Executor, commentId: string): Promise<UserSpaceComment> {
  const [row] = await db
    .select(commentColumns)
    .from(userSpaceComments)
    .leftJoin(users, eq(users.id, userSpaceComments.authorUserId))
    .where(eq(userSpaceComments.id, commentId));
  if (!row) throw new Error('written comment not readable');
  return toComment(row);
}

/** Comments of a matter the caller sees, oldest first. */
export async function listComments(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<UserSpaceComment[] | Refused<'projectNotFound'>> {
  if (!(await isVisibleProject(db, principal, projectId))) return refuse('projectNotFound');
  const rows = await db
    .select(commentColumns)
    .from(userSpaceComments)
    .leftJoin(users, eq(users.id, userSpaceComments.authorUserId))
    .where(and(eq(userSpaceComments.projectId, projectId), isNull(userSpaceComments.deletedAt)))
    .orderBy(asc(userSpaceComments.createdAt), asc(userSpaceComments.id));
  return rows.map(toComment);
}

export async function addComment(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: string,
  actor: ActorContext,
): Promise<UserSpaceComment | Refused> {
  return db.transaction(async (tx): Promise<UserSpaceComment | Refused> => {
    const matter = await writableProject(tx, principal, projectId, { lock: 'update' });
    if (isRefused(matter)) return matter;
    const [created] = await tx
      .insert(userSpaceComments)
      .values({
        projectId,
        authorUserId: principal.userId,
        body,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: userSpaceComments.id });
    if (!created) throw new Error('insert returned no row');
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'userSpace.comment.create',
      entityType: 'userSpaceComment',
      entityId: created.id,
      projectId,
      changes: { body },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    return readComment(tx, created.id);
  });
}

/** A live comment of a matter, locked for a change by its author. */
async function lockOwnComment(
  tx: Executor,
  principal: Principal,
  projectId: string,
  commentId: string,
): Promise<{ body: string } | Refused> {
  const matter = await writableProject(tx, principal, projectId, { lock: 'update' });
  if (isRefused(matter)) return matter;
  const [row] = await tx
    .select({ authorUserId: userSpaceComments.authorUserId, body: userSpaceComments.body })
    .from(userSpaceComments)
    .where(
      and(
        eq(userSpaceComments.id, commentId),
        eq(userSpaceComments.projectId, projectId),
        isNull(userSpaceComments.deletedAt),
      ),
    )
    .limit(1)
    .for('update');
  if (!row) return refuse('commentNotFound');
  if (row.authorUserId !== principal.userId) return refuse('notCommentAuthor');
  return { body: row.body };
}

/** Changes the text of one's own comment; the history keeps the text before and after. */
export async function updateComment(
  db: Executor,
  principal: Principal,
  projectId: string,
  commentId: string,
  body: string,
  actor: ActorContext,
): Promise<UserSpaceComment | Refused> {
  return db.transaction(async (tx): Promise<UserSpaceComment | Refused> => {
    const own = await lockOwnComment(tx, principal, projectId, commentId);
    if (isRefused(own)) return own;
    if (own.body !== body) {
      await tx
        .update(userSpaceComments)
        .set({ body, updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(userSpaceComments.id, commentId));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'userSpace.comment.update',
        entityType: 'userSpaceComment',
        entityId: commentId,
        projectId,
        changes: { body: [own.body, body] },
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    return readComment(tx, commentId);
  });
}

/**
 * Removes one's own comment from the user space. The row keeps its text with the deletion time
 * (and the history names it), so the record of what was said stays.
 */
export async function deleteComment(
  db: Executor,
  principal: Principal,
  projectId: string,
  commentId: string,
  actor: ActorContext,
): Promise<{ id: string } | Refused> {
  return db.transaction(async (tx): Promise<{ id: string } | Refused> => {
    const own = await lockOwnComment(tx, principal, projectId, commentId);
    if (isRefused(own)) return own;
    await tx
      .update(userSpaceComments)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(eq(userSpaceComments.id, commentId));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'userSpace.comment.delete',
      entityType: 'userSpaceComment',
      entityId: commentId,
      projectId,
      changes: { body: own.body },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    return { id: commentId };
  });
}
