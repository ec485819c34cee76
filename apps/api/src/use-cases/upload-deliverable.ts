import { isRefused, refuse, type Deliverable, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import type { Jobs } from '../jobs/index.js';
import { addDeliverable, type StoredDeliverableFile } from '../repositories/deliverables.js';
import { writableRequest } from '../repositories/request-access.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage } from '../storage/types.js';
import { scheduleUploadCheck } from '../storage/upload-check.js';

export interface UploadDeliverableDeps {
  db: Executor;
  storage: Pick<Storage, 'delete'>;
  jobs: Pick<Jobs, 'enqueue'>;
  log: DiscardLogger;
  /** The longest an upload may still be in flight (the request timeout). */
  requestTimeoutMs: number;
}

export interface UploadDeliverableInput {
  principal: Principal;
  actor: ActorContext;
  projectId: string;
  requestId: number;
  /**
   * Reads the one file, streaming it write-once into storage under `prefix`; `beforeStore` runs
   * with its key before any byte is stored. Called only once the caller may upload.
   */
  receive: (target: {
    prefix: string;
    beforeStore: (key: string) => Promise<void>;
  }) => Promise<StoredDeliverableFile>;
}

/** The upload check runs well after an upload can still be in flight and its row written. */
const uploadCheckDelaySeconds = (requestTimeoutMs: number) => Math.ceil(requestTimeoutMs / 1000) + 60;

/**
 * The addressed office hands over a file on a request: who may upload is decided once, before any
 * byte is stored; the upload check of the new key is committed before its bytes (write-once bytes
 * cannot be removed, so whatever fails after them, the check reports them); then the row is
 * inserted as the next version of its title.
 */
export async function uploadDeliverable(
  deps: UploadDeliverableDeps,
  input: UploadDeliverableInput,
): Promise<Deliverable | Refused> {
  const { principal } = input;
  const context = await writableRequest(deps.db, principal, input.projectId, input.requestId);
  if (isRefused(context)) return context;
  if (principal.userType !== 'PATENT' || principal.firmId !== context.request.firmId) {
    return refuse('deliverablesOfficeOnly');
  }
  const stored = await input.receive({
    prefix: `deliverables/${context.request.id}`,
    beforeStore: (key) =>
      scheduleUploadCheck(
        deps.db,
        deps.jobs,
        { key, purpose: 'deliverable', requestId: context.request.id, userId: principal.userId },
        uploadCheckDelaySeconds(deps.requestTimeoutMs),
      ),
  });
  const outcome = await addDeliverable(deps.db, context, stored, input.actor);
  // Write-once bytes cannot be removed; they stay unreferenced (the log and the upload check say so).
  if (isRefused(outcome)) await discardStored(deps.storage, [stored.storageKey], deps.log);
  return outcome;
}
