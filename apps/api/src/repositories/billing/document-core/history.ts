import type { Executor } from '../../../db/client.js';
import type { HistoryAction } from '@ipportal/domain';
import { recordHistory } from '../../history.js';
import type { ActorContext } from '../../users.js';

/** The history entry of an estimate's or invoice's change, under its matter and request. */
export async function recordDocumentHistory(
  tx: Executor,
  document: { entityType: 'deal' | 'invoice'; id: string; projectId: string; requestId: string },
  actor: ActorContext,
  action: HistoryAction,
  changes: Record<string, unknown>,
): Promise<void> {
  await recordHistory(tx, {
    actorUserId: actor.userId,
    action,
    entityType: document.entityType,
    entityId: document.id,
    projectId: document.projectId,
    requestId: document.requestId,
    changes,
    traceId: actor.traceId,
    ip: actor.ip,
  });
}
