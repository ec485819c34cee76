import { isRefused, userSpaceFileMaxBytes, type Refused, type UserSpaceFile } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { addFile, writableProject } from '../repositories/projects/index.js';
import type { ActorContext } from '../repositories/users.js';
import { defaultAllowedContentTypes } from '../storage/content-type.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage, StoredFile } from '../storage/types.js';

export interface UploadUserSpaceFileDeps {
  db: Executor;
  storage: Pick<Storage, 'delete'>;
  log: DiscardLogger;
}

/** Where and what the one file of the form may be. */
export interface UserSpaceUploadTarget {
  prefix: string;
  allowedContentTypes: readonly string[];
  maxBytes: number;
  typeRefusal: 'fileTypeNotAllowed';
}

export interface UploadUserSpaceFileInput {
  principal: Principal;
  actor: ActorContext;
  projectId: string;
  /** Reads the one file, streaming it into storage; called only once the caller may upload. */
  receive: (target: UserSpaceUploadTarget) => Promise<StoredFile>;
}

/**
 * Adds a file to a matter's user space: whether the caller may change the matter is decided
 * before any byte is stored; then the file is stored and recorded. Bytes whose row is refused
 * (the matter changed meanwhile) or fails are discarded.
 */
export async function uploadUserSpaceFile(
  deps: UploadUserSpaceFileDeps,
  input: UploadUserSpaceFileInput,
): Promise<UserSpaceFile | Refused> {
  const { principal, projectId } = input;
  const matter = await writableProject(deps.db, principal, projectId);
  if (isRefused(matter)) return matter;
  const stored = await input.receive({
    prefix: `userSpace/${projectId}`,
    allowedContentTypes: defaultAllowedContentTypes,
    maxBytes: userSpaceFileMaxBytes,
    typeRefusal: 'fileTypeNotAllowed',
  });
  let recorded: UserSpaceFile | Refused;
  try {
    recorded = await addFile(deps.db, principal, projectId, stored, input.actor);
  } catch (error) {
    await discardStored(deps.storage, [stored.storageKey], deps.log);
    throw error;
  }
  if (isRefused(recorded)) await discardStored(deps.storage, [stored.storageKey], deps.log);
  return recorded;
}
