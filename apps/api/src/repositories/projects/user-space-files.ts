import { isRefused, refuse, type Refused, type UserSpaceFile } from '@ipportal/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { files, projectFiles, users } from '../../db/schema/index.js';
import type { StoredFile } from '../../storage/types.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { isVisibleProject } from './scope.js';
import { writableProject } from './write-access.js';

/*
 * Files of a matter's user space, private to the client side like its comments. The rows only:
 * the bytes are stored and removed by the use cases (src/use-cases).
 */

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

/** Files of a matter the caller sees, newest first. */
export async function listFiles(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<UserSpaceFile[] | Refused<'projectNotFound'>> {
  if (!(await isVisibleProject(db, principal, projectId))) return refuse('projectNotFound');
  const rows = await selectFiles(db)
    .where(liveFilesOf(projectId))
    .orderBy(desc(projectFiles.createdAt), desc(files.id));
  return rows.map(toFile);
}

/** One file (with its storage key) of a matter the caller sees. */
export async function findFile(
  db: Executor,
  principal: Principal,
  projectId: string,
  fileId: string,
): Promise<{ file: UserSpaceFile; storageKey: string } | Refused<'projectNotFound' | 'fileNotFound'>> {
  if (!(await isVisibleProject(db, principal, projectId))) return refuse('projectNotFound');
  const [row] = await selectFiles(db)
    .where(and(liveFilesOf(projectId), eq(projectFiles.fileId, fileId)))
    .limit(1);
  return row ? { file: toFile(row), storageKey: row.storageKey } : refuse('fileNotFound');
}

/** Records a stored upload in the matter's user space. */
export async function addFile(
  db: Executor,
  principal: Principal,
  projectId: string,
  stored: StoredFile,
  actor: ActorContext,
): Promise<UserSpaceFile | Refused> {
  return db.transaction(async (tx): Promise<UserSpaceFile | Refused> => {
    const matter = await writableProject(tx, principal, projectId, { lock: 'update' });
    if (isRefused(matter)) return matter;
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
    return toFile(row);
  });
}

/**
 * Removes a file from the user space; only its uploader may. The link row keeps the deletion
 * time (the history names the file); the caller deletes the bytes after the commit.
 */
export async function removeFile(
  db: Executor,
  principal: Principal,
  projectId: string,
  fileId: string,
  actor: ActorContext,
): Promise<{ id: string; storageKey: string } | Refused> {
  return db.transaction(async (tx): Promise<{ id: string; storageKey: string } | Refused> => {
    const matter = await writableProject(tx, principal, projectId, { lock: 'update' });
    if (isRefused(matter)) return matter;
    const [row] = await selectFiles(tx)
      .where(and(liveFilesOf(projectId), eq(projectFiles.fileId, fileId)))
      .limit(1);
    if (!row) return refuse('fileNotFound');
    if (row.createdBy !== principal.userId) return refuse('notFileUploader');
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
    return { id: fileId, storageKey: row.storageKey };
  });
}
