import { isRefused, refuse, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { findTrademarkImage } from '../repositories/projects/index.js';
import { StorageError, type ObjectStream } from '../storage/types.js';
import type { UseCaseContext } from './context.js';

/** A matter's trademark image bytes and file name; bytes gone from storage count as no image. */
export async function openTrademarkImage(
  context: Pick<UseCaseContext, 'db' | 'storage'>,
  principal: Principal,
  projectId: string,
): Promise<{ object: ObjectStream; name: string } | Refused> {
  const file = await findTrademarkImage(context.db, principal, projectId);
  if (isRefused(file)) return file;
  try {
    return { object: await context.storage.get(file.storageKey), name: file.originalName };
  } catch (error) {
    if (error instanceof StorageError && error.code === 'notFound') return refuse('trademarkImageNotFound');
    throw error;
  }
}
