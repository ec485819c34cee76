import { isRefused, userSpaceFileMaxBytes, type Refused, type UserSpaceFile } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { ReceiveOptions, ReceivedFile } from '../http/uploads.js';
import { addFile, writableProject } from '../repositories/projects/index.js';
import type { ActorContext } from '../repositories/users.js';
import { defaultAllowedContentTypes } from '../storage/content-type.js';
import { discardStored, type UseCaseContext } from './context.js';

/**
 * Adds a file to a matter's user space: refused before any byte is stored when the caller may
 * not change the matter, then the upload is stored and recorded; bytes whose row is refused or
 * fails are discarded.
 */
export async function uploadUserSpaceFile(
  context: UseCaseContext,
  principal: Principal,
  projectId: string,
  receive: (options: ReceiveOptions) => Promise<ReceivedFile>,
  actor: ActorContext,
): Promise<UserSpaceFile | Refused> {
  const matter = await writableProject(context.db, principal, projectId);
  if (isRefused(matter)) return matter;
  const stored = await receive({
    prefix: `userSpace/${projectId}`,
    allowedContentTypes: defaultAllowedContentTypes,
    maxBytes: userSpaceFileMaxBytes,
    typeRefusal: 'fileTypeNotAllowed',
  });
  let recorded: UserSpaceFile | Refused;
  try {
    recorded = await addFile(context.db, principal, projectId, stored, actor);
  } catch (error) {
    await discardStored(context, stored.storageKey);
    throw error;
  }
  if (isRefused(recorded)) await discardStored(context, stored.storageKey);
  return recorded;
}
