import {
  isRefused,
  trademarkImageContentTypes,
  userSpaceFileMaxBytes,
  type ProjectDetail,
  type Refused,
} from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { setTrademarkImage, trademarkImageWritable } from '../repositories/projects/index.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage, StoredFile } from '../storage/types.js';

export interface UploadTrademarkImageDeps {
  db: Executor;
  storage: Pick<Storage, 'delete'>;
  log: DiscardLogger;
}

/** Where and what the one image of the form may be. */
export interface TrademarkImageUploadTarget {
  prefix: string;
  allowedContentTypes: readonly string[];
  maxBytes: number;
  typeRefusal: 'imageTypeNotAllowed';
}

export interface UploadTrademarkImageInput {
  principal: Principal;
  actor: ActorContext;
  projectId: string;
  /** Reads the one image, streaming it into storage; called only once the caller may upload. */
  receive: (target: TrademarkImageUploadTarget) => Promise<StoredFile>;
}

/**
 * Sets a trademark matter's image sample: whether the caller may change the matter (and it is a
 * trademark) is decided before any byte is stored; then the image is stored and the matter
 * points at it. Bytes whose row is refused or fails are discarded. Answers the detail as it is now.
 */
export async function uploadTrademarkImage(
  deps: UploadTrademarkImageDeps,
  input: UploadTrademarkImageInput,
): Promise<ProjectDetail | Refused> {
  const { principal, projectId } = input;
  const matter = await trademarkImageWritable(deps.db, principal, projectId);
  if (isRefused(matter)) return matter;
  const stored = await input.receive({
    prefix: `trademarkImage/${projectId}`,
    allowedContentTypes: trademarkImageContentTypes,
    maxBytes: userSpaceFileMaxBytes,
    typeRefusal: 'imageTypeNotAllowed',
  });
  let recorded: ProjectDetail | Refused;
  try {
    recorded = await setTrademarkImage(deps.db, principal, projectId, stored, input.actor);
  } catch (error) {
    await discardStored(deps.storage, [stored.storageKey], deps.log);
    throw error;
  }
  if (isRefused(recorded)) await discardStored(deps.storage, [stored.storageKey], deps.log);
  return recorded;
}
