import {
  isRefused,
  trademarkImageContentTypes,
  userSpaceFileMaxBytes,
  type ProjectDetail,
  type Refused,
} from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { ReceiveOptions, ReceivedFile } from '../http/uploads.js';
import { setTrademarkImage, trademarkImageWritable } from '../repositories/projects/index.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type UseCaseContext } from './context.js';

/**
 * Sets a trademark matter's image sample: refused before any byte is stored when the caller may
 * not change the matter (or it is no trademark), then the image is stored and the matter points
 * at it; bytes whose row is refused or fails are discarded. Answers the detail as it is now.
 */
export async function uploadTrademarkImage(
  context: UseCaseContext,
  principal: Principal,
  projectId: string,
  receive: (options: ReceiveOptions) => Promise<ReceivedFile>,
  actor: ActorContext,
): Promise<ProjectDetail | Refused> {
  const matter = await trademarkImageWritable(context.db, principal, projectId);
  if (isRefused(matter)) return matter;
  const stored = await receive({
    prefix: `trademarkImage/${projectId}`,
    allowedContentTypes: trademarkImageContentTypes,
    maxBytes: userSpaceFileMaxBytes,
    typeRefusal: 'imageTypeNotAllowed',
  });
  let recorded: ProjectDetail | Refused;
  try {
    recorded = await setTrademarkImage(context.db, principal, projectId, stored, actor);
  } catch (error) {
    await discardStored(context, stored.storageKey);
    throw error;
  }
  if (isRefused(recorded)) await discardStored(context, stored.storageKey);
  return recorded;
}
