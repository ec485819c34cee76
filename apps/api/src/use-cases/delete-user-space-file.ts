import { isRefused, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { removeFile } from '../repositories/projects/index.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage } from '../storage/types.js';

export interface DeleteUserSpaceFileDeps {
  db: Executor;
  storage: Pick<Storage, 'delete'>;
  log: DiscardLogger;
}

export interface DeleteUserSpaceFileInput {
  principal: Principal;
  actor: ActorContext;
  projectId: string;
  fileId: string;
}

/**
 * Removes one's own file from a matter's user space: the row first (its removal commits), then
 * the bytes, best effort (a leftover object is only logged).
 */
export async function deleteUserSpaceFile(
  deps: DeleteUserSpaceFileDeps,
  input: DeleteUserSpaceFileInput,
): Promise<{ id: string } | Refused> {
  const removed = await removeFile(deps.db, input.principal, input.projectId, input.fileId, input.actor);
  if (isRefused(removed)) return removed;
  await discardStored(deps.storage, [removed.storageKey], deps.log);
  return { id: removed.id };
}
