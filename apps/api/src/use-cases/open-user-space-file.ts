import { isRefused, refuse, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { findFile } from '../repositories/projects/index.js';
import { StorageError, type ObjectStream } from '../storage/types.js';
import type { UseCaseContext } from './context.js';

/** A user space file's bytes and name, for a matter the caller sees; bytes gone from storage count as no file. */
export async function openUserSpaceFile(
  context: Pick<UseCaseContext, 'db' | 'storage'>,
  principal: Principal,
  projectId: string,
  fileId: string,
): Promise<{ object: ObjectStream; name: string } | Refused> {
  const found = await findFile(context.db, principal, projectId, fileId);
  if (isRefused(found)) return found;
  try {
    return { object: await context.storage.get(found.storageKey), name: found.file.name };
  } catch (error) {
    if (error instanceof StorageError && error.code === 'notFound') return refuse('fileNotFound');
    throw error;
  }
}
