import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { files } from '../db/schema/index.js';
import type { Jobs } from '../jobs/index.js';
import { StorageError, type Storage } from './types.js';

/*
 * Bytes are stored before their row is written: the upload streams for as long as the client
 * sends, and no transaction (on PGlite: the whole database) may be held that long. So a row
 * write that fails after the upload would leave bytes nobody knows of, and write-once bytes
 * (local files, S3 Object Lock) cannot be deleted. Instead of reordering, each upload first
 * commits a delayed check job naming its key; when it runs, the key either has its `files` row
 * (nothing to do) or the object is deleted when it can be, and otherwise reported: an error log
 * and a failed job (`app.jobs.failed()`), so an operator finds it.
 */

export const uploadCheckJob = 'storage.upload.check';

export interface UploadCheckData {
  key: string;
  /** What the upload was for, for the report (e.g. `deliverable`, with its request). */
  purpose: string;
  requestId?: string;
  userId: string | null;
}

export interface UploadCheckLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Commits (through `executor`, normally the database itself, not a transaction) a check of `key`
 * that runs once the upload and its row write are long over: `afterSeconds` should exceed the
 * request timeout.
 */
export async function scheduleUploadCheck(
  executor: Executor,
  jobs: Pick<Jobs, 'enqueue'>,
  data: UploadCheckData,
  afterSeconds: number,
): Promise<void> {
  await jobs.enqueue<UploadCheckData>(executor, uploadCheckJob, data, {
    startAfter: new Date(Date.now() + afterSeconds * 1000),
  });
}

export interface UploadCheckDeps {
  db: Executor;
  storage: Pick<Storage, 'exists' | 'delete'>;
  logger: UploadCheckLogger;
}

/** The check itself: throws (the job fails, once) when it finds write-once bytes without a row. */
export async function checkUpload(deps: UploadCheckDeps, data: UploadCheckData): Promise<void> {
  const [row] = await deps.db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.storageKey, data.key))
    .limit(1);
  if (row) return;
  if (!(await deps.storage.exists(data.key))) return; // the upload never completed
  try {
    await deps.storage.delete(data.key);
    deps.logger.info({ upload: data }, `deleted ${data.key}: stored, but its row was never written`);
  } catch (error) {
    if (!(error instanceof StorageError && error.code === 'writeOnce')) throw error;
    deps.logger.error(
      { upload: data },
      `orphaned write-once object ${data.key}: stored, but its row was never written; it cannot be deleted`,
    );
    throw new Error(
      `orphaned write-once object ${data.key} (${data.purpose}, request ${data.requestId ?? '-'})`,
      { cause: error },
    );
  }
}

export function defineUploadCheck(jobs: Pick<Jobs, 'define'>, deps: UploadCheckDeps): void {
  jobs.define<UploadCheckData>({
    name: uploadCheckJob,
    // A report, not a delivery: failing once is the record; retrying would only repeat it.
    retryLimit: 0,
    retryDelaySeconds: 60,
    heartbeatSeconds: 10,
    expireInSeconds: 60,
    // A failed check is the report of write-once bytes without a row: keep it well past an audit.
    keepFinishedDays: 400,
    handler: (data) => checkUpload(deps, data),
  });
}
