import type { UserSpaceComment, UserSpaceFile } from '@ipportal/domain';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { files, projectFiles, projects, userSpaceComments, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import { lockForWrite, type StoredFile, type WriteRefusal } from './project-details.js';
import { projectScope } from './projects.js';
import type { ActorContext } from './users.js';

/*
 * A matter's user space: comments and files private to the client side (spec section 6). Only
 * the /user routes call these, so firms and concierges never reach them; within the client side
 * the matter's visibility applies (owner, organization administrators, assigned members).
 */

async function isVisible(db: Executor, principal: Principal, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, projectId)))
    .limit(1);
  return row !== undefined;
}

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

/** Comments of a matter, oldest first; undefined when the caller cannot see the matter. */
export async function listComments(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<UserSpaceComment[] | undefined> {
  if (!(await isVisible(db, principal, projectId))) return undefined;
  const rows = await db
    .select(commentColumns)
    .from(userSpaceComments)
    .leftJoin(users, eq(users.id, userSpaceComments.authorUserId))
    .where(and(eq(userSpaceComments.projectId, projectId), isNull(userSpaceComments.deletedAt)))
    .orderBy(asc(userSpaceComments.createdAt), asc(userSpaceComments.id));
  return rows.map(toComment);
}

export type CommentOutcome = { kind: 'created'; comment: UserSpaceComment } | WriteRefusal;

export async function addComment(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: string,
  actor: ActorContext,
): Promise<CommentOutcome> {
  return db.transaction(async (tx): Promise<CommentOutcome> => {
    const locked = await lockForWrite(tx, principal, projectId);
    if (!('row' in locked)) return locked;
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
    const [row] = await tx
      .select(commentColumns)
      .from(userSpaceComments)
      .leftJoin(users, eq(users.id, userSpaceComments.authorUserId))
      .where(eq(userSpaceComments.id, created.id));
    if (!row) throw new Error('created comment not readable');
    return { kind: 'created', comment: toComment(row) };
  });
}

const fileColumns = {
  id: files.id,
  projectId: projectFiles.projectId,
  name: files.originalName,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  createdBy: projectFiles.createdBy,
  createdByName: users.name,
  createdAt: projectFiles.createdAt,
  storageKey: files.storageKey,
};

type FileRow = {
  id: string;
  projectId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  storageKey: string;
};

function toFile(row: FileRow): UserSpaceFile {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    // Always set for user space files (the uploader); '' never reaches clients in practice.
    createdBy: row.createdBy ?? '',
    createdByName: row.createdByName ?? '',
    createDate: row.createdAt.toISOString(),
  };
}

function selectFiles(db: Executor) {
  return db
    .select(fileColumns)
    .from(projectFiles)
    .innerJoin(files, eq(files.id, projectFiles.fileId))
    .leftJoin(users, eq(users.id, projectFiles.createdBy));
}

const liveFilesOf = (projectId: string) =>
  and(
    eq(projectFiles.projectId, projectId),
    eq(projectFiles.space, 'userSpace'),
    isNull(projectFiles.deletedAt),
  );

/** Files of a matter's user space, newest first; undefined when the caller cannot see the matter. */
export async function listFiles(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<UserSpaceFile[] | undefined> {
  if (!(await isVisible(db, principal, projectId))) return undefined;
  const rows = await selectFiles(db)
    .where(liveFilesOf(projectId))
    .orderBy(desc(projectFiles.createdAt), desc(files.id));
  return rows.map(toFile);
}

/** One file (with its storage key) of a matter the caller can see. */
export async function getFile(
  db: Executor,
  principal: Principal,
  projectId: string,
  fileId: string,
): Promise<
  { kind: 'found'; file: UserSpaceFile; storageKey: string } | { kind: 'notFound' } | { kind: 'fileNotFound' }
> {
  if (!(await isVisible(db, principal, projectId))) return { kind: 'notFound' };
  const [row] = await selectFiles(db)
    .where(and(liveFilesOf(projectId), eq(projectFiles.fileId, fileId)))
    .limit(1);
  return row ? { kind: 'found', file: toFile(row), storageKey: row.storageKey } : { kind: 'fileNotFound' };
}

export type FileOutcome = { kind: 'created'; file: UserSpaceFile } | WriteRefusal;

/** Records a stored upload in the matter's user space. */
export async function addFile(
  db: Executor,
  principal: Principal,
  projectId: string,
  stored: StoredFile,
  actor: ActorContext,
): Promise<FileOutcome> {
  return db.transaction(async (tx): Promise<FileOutcome> => {
    const locked = await lockForWrite(tx, principal, projectId);
    if (!('row' in locked)) return locked;
    const [file] = await tx
      .insert(files)
      .values({ ...stored, purpose: 'userSpace', createdBy: actor.userId })
      .returning({ id: files.id });
    if (!file) throw new Error('insert returned no row');
    await tx.insert(projectFiles).values({ projectId, fileId: file.id, createdBy: actor.userId });
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'userSpace.file.create',
      entityType: 'file',
      entityId: file.id,
      projectId,
      changes: {
        name: stored.originalName,
        contentType: stored.contentType,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const [row] = await selectFiles(tx).where(eq(projectFiles.fileId, file.id)).limit(1);
    if (!row) throw new Error('created file not readable');
    return { kind: 'created', file: toFile(row) };
  });
}

export type DeleteFileOutcome =
  { kind: 'removed'; id: string; storageKey: string } | WriteRefusal | { kind: 'fileNotFound' };

/**
 * Removes a file from the user space; only its uploader may. The link row keeps the deletion
 * time (the history names the file); the caller deletes the bytes after the commit.
 */
export async function deleteFile(
  db: Executor,
  principal: Principal,
  projectId: string,
  fileId: string,
  actor: ActorContext,
): Promise<DeleteFileOutcome> {
  return db.transaction(async (tx): Promise<DeleteFileOutcome> => {
    const locked = await lockForWrite(tx, principal, projectId);
    if (!('row' in locked)) return locked;
    const [row] = await selectFiles(tx)
      .where(and(liveFilesOf(projectId), eq(projectFiles.fileId, fileId)))
      .limit(1);
    if (!row) return { kind: 'fileNotFound' };
    if (row.createdBy !== principal.userId) return { kind: 'forbidden', reason: 'notFileUploader' };
    await tx
      .update(projectFiles)
      .set({ deletedAt: new Date() })
      .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.fileId, fileId)));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'userSpace.file.delete',
      entityType: 'file',
      entityId: fileId,
      projectId,
      changes: { name: row.name, sizeBytes: row.sizeBytes },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    return { kind: 'removed', id: fileId, storageKey: row.storageKey };
  });
}

/** Why a comment cannot be changed: the matter's refusals, no such comment, not its author. */
export type CommentRefusal = WriteRefusal | { kind: 'commentNotFound' };

/** A live comment of a matter, locked for a change by its author. */
async function lockOwnComment(
  tx: Executor,
  principal: Principal,
  projectId: string,
  commentId: string,
): Promise<{ body: string } | CommentRefusal> {
  const locked = await lockForWrite(tx, principal, projectId);
  if (!('row' in locked)) return locked;
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
  if (!row) return { kind: 'commentNotFound' };
  if (row.authorUserId !== principal.userId) return { kind: 'forbidden', reason: 'notCommentAuthor' };
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
): Promise<{ kind: 'updated'; comment: UserSpaceComment } | CommentRefusal> {
  return db.transaction(async (tx) => {
    const own = await lockOwnComment(tx, principal, projectId, commentId);
    if (!('body' in own)) return own;
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
    const [row] = await tx
      .select(commentColumns)
      .from(userSpaceComments)
      .leftJoin(users, eq(users.id, userSpaceComments.authorUserId))
      .where(eq(userSpaceComments.id, commentId));
    if (!row) throw new Error('updated comment not readable');
    return { kind: 'updated' as const, comment: toComment(row) };
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
): Promise<{ kind: 'removed'; id: string } | CommentRefusal> {
  return db.transaction(async (tx) => {
    const own = await lockOwnComment(tx, principal, projectId, commentId);
    if (!('body' in own)) return own;
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
    return { kind: 'removed' as const, id: commentId };
  });
}
