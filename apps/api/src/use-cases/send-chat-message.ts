import { isRefused, type ChatMessage, type CreateChatMessageFields, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { insertChatMessage } from '../repositories/chat/message-writes.js';
import { writableRequest } from '../repositories/request-access.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage, StoredFile } from '../storage/types.js';

export interface SendChatMessageDeps {
  db: Executor;
  storage: Pick<Storage, 'delete'>;
  log: DiscardLogger;
}

/** A message form as received: its text fields and its attachments, already stored. */
export interface ReceivedChatForm {
  fields: CreateChatMessageFields;
  files: StoredFile[];
}

export interface SendChatMessageInput {
  principal: Principal;
  actor: ActorContext;
  projectId: string;
  requestId: number;
  /**
   * Reads the form, storing its attachments under `prefix`. Called only once the room is known
   * writable, so nothing is stored for a room the caller may not write in; a bad form throws after
   * removing what it stored.
   */
  receive: (prefix: string) => Promise<ReceivedChatForm>;
}

/**
 * A chat message: who may write is decided once, before any attachment is stored; the message,
 * its seq and its attachments' rows are then written in one transaction with the signal to every
 * process. Attachments of a message that is refused (empty, a mention of a non-member, a matter
 * deleted meanwhile) or fails are removed again.
 */
export async function sendChatMessage(
  deps: SendChatMessageDeps,
  input: SendChatMessageInput,
): Promise<ChatMessage | Refused> {
  const context = await writableRequest(deps.db, input.principal, input.projectId, input.requestId, {
    coordinated: true,
  });
  if (isRefused(context)) return context;
  const form = await input.receive(`chatAttachments/${context.request.id}`);
  const discard = () =>
    discardStored(
      deps.storage,
      form.files.map((file) => file.storageKey),
      deps.log,
    );
  let outcome: ChatMessage | Refused;
  try {
    outcome = await insertChatMessage(
      deps.db,
      context,
      input.principal,
      { ...form.fields, attachments: form.files },
      input.actor,
    );
  } catch (error) {
    await discard();
    throw error;
  }
  if (isRefused(outcome)) await discard();
  return outcome;
}
