import { isRefused, type ChatMessage, type CreateChatMessageFields, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import type { WriteLanes } from '../db/write-lanes.js';
import { insertChatMessage } from '../repositories/chat/message-writes.js';
import { writableRequest } from '../repositories/request-access.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage, StoredFile } from '../storage/types.js';

export interface SendChatMessageDeps {
  db: Executor;
  /** The message's statement runs on its room's lane (ADR 0061). */
  lanes: WriteLanes;
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
   * The message as sent: JSON fields, parsed already, or a multipart form, read by `receive` with
   * its attachments stored under `prefix`. `receive` is called only once the room is known
   * writable, so nothing is stored for a room the caller may not write in; a bad form throws after
   * removing what it stored.
   */
  form: { fields: CreateChatMessageFields } | { receive: (prefix: string) => Promise<ReceivedChatForm> };
}

/**
 * A chat message. A form with files is let in only once the room is known writable; the message
 * and its attachments' rows are then written by one statement that checks the caller's access to
 * the room again, with the signal to every process. Attachments of a message that is refused
 * (empty, a mention of a non-member, a room no longer writable) or fails are removed again. A JSON
 * message has nothing to store, so the statement's own check is its only one (one statement for
 * the commonest message, ADR 0060).
 */
export async function sendChatMessage(
  deps: SendChatMessageDeps,
  input: SendChatMessageInput,
): Promise<ChatMessage | Refused> {
  const room = { projectId: input.projectId, requestId: input.requestId };
  if ('fields' in input.form) {
    return insertChatMessage(
      deps.db,
      input.principal,
      room,
      { ...input.form.fields, attachments: [] },
      input.actor,
      { lanes: deps.lanes },
    );
  }
  const context = await writableRequest(deps.db, input.principal, input.projectId, input.requestId, {
    coordinated: true,
  });
  if (isRefused(context)) return context;
  const form = await input.form.receive(`chatAttachments/${context.request.id}`);
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
      input.principal,
      room,
      { ...form.fields, attachments: form.files },
      input.actor,
      { found: context, lanes: deps.lanes },
    );
  } catch (error) {
    await discard();
    throw error;
  }
  if (isRefused(outcome)) await discard();
  return outcome;
}
