import { isRefused, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { removeFile } from '../repositories/projects/index.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type UseCaseContext } from './context.js';

/** Removes one's own file from a matter's user space; the bytes go after the row's removal commits. */
export async function deleteUserSpaceFile(
  context: UseCaseContext,
  principal: Principal,
  projectId: string,
  fileId: string,
  actor: ActorContext,
): Promise<{ id: string } | Refused> {
  const removed = await removeFile(context.db, principal, projectId, fileId, actor);
  if (isRefused(removed)) return removed;
  await discardStored(context, removed.storageKey);
  return { id: removed.id };
}
