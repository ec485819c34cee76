import { isRefused, refuse, type LineInput, type Refusal, type Refused } from '@ipportal/domain';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import type { ActorContext } from '../../users.js';
import { billedOfProject } from './parties.js';
import { officeTotals, totalColumnsOf } from './totals.js';

/*
 * What drafting an estimate or an invoice shares: the request it is for (addressed to the
 * caller's office), who it bills, and the totals its lines make (written with `writeLines`).
 */

export const isOffice = (principal: Pick<Principal, 'userType'>) => principal.userType === 'PATENT';

/** The columns every new draft of a request starts with: its place, who it bills, who wrote it. */
export async function newDraftColumns(
  tx: Executor,
  request: { projectId: string; id: string; firmId: string },
  actor: ActorContext,
) {
  return {
    projectId: request.projectId,
    requestId: request.id,
    firmId: request.firmId,
    ...(await billedOfProject(tx, request.projectId)),
    createdBy: actor.userId,
    updatedBy: actor.userId,
  };
}

/** The columns a new draft is inserted with besides its own fields: `newDraftColumns` and its totals. */
export type NewDraftColumns = Awaited<ReturnType<typeof newDraftColumns>> & ReturnType<typeof totalColumnsOf>;

/** A draft's lines as the office's totals make them: the totals' columns to store with the row. */
export async function draftTotals(tx: Executor, firmId: string, lines: readonly LineInput[]) {
  const totals = await officeTotals(tx, firmId, lines);
  return { totals, columns: totalColumnsOf(totals) };
}

/** The columns every change of a draft writes besides its own: its totals, when and by whom. */
export function draftChange(totals: ReturnType<typeof totalColumnsOf>, actor: ActorContext) {
  return { ...totals, updatedAt: new Date(), updatedBy: actor.userId };
}

/** The id of the row an insert returned. */
export function insertedId(rows: readonly { id: string }[]): string {
  const [created] = rows;
  if (!created) throw new Error('insert returned no row');
  return created.id;
}

export type DraftChange = ReturnType<typeof draftChange>;

/** A locked document while it is a draft, else refused with `notDraft`; a refusal passes through. */
export function whileDraft<T extends { status: string }>(found: T | Refused, notDraft: Refusal): T | Refused {
  return isRefused(found) || found.status === 'draft' ? found : refuse(notDraft);
}
