import { isRefused, type CreateRequestMailFields, type Refused, type RequestMail } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import type { MailQueue } from '../mail/index.js';
import type { StoredFile } from '../storage/types.js';
import { writableRequest } from '../repositories/request-access.js';
import { sendMail } from '../repositories/request-mails.js';
import type { ActorContext } from '../repositories/users.js';
import { discardStored, type DiscardLogger } from '../storage/discard.js';
import type { Storage } from '../storage/types.js';

export interface SendRequestMailDeps {
  db: Executor;
  storage: Pick<Storage, 'delete'>;
  /** The outbox the notices to the other side are queued in, with the mail. */
  queue: MailQueue;
  log: DiscardLogger;
}

/** A mail form as received: its text fields and its attachments, already stored. */
export interface ReceivedMailForm {
  fields: CreateRequestMailFields;
  files: StoredFile[];
}

export interface SendRequestMailInput {
  principal: Principal;
  actor: ActorContext;
  projectId: string;
  requestId: number;
  /** The absolute link to the thread that the notices carry. */
  link: string;
  /**
   * Reads the form, storing its attachments under `prefix`. Called only once the request is known
   * writable, so nothing is stored for a request the caller may not write to; a bad form throws
   * after removing what it stored.
   */
  receive: (prefix: string) => Promise<ReceivedMailForm>;
}

/**
 * A mail on a request: who may write is decided once, before any attachment is stored; the mail,
 * its attachments' rows, its history and the notices to every user of the other side are then
 * written in one transaction. Attachments of a mail that is not written are removed again.
 */
export async function sendRequestMail(
  deps: SendRequestMailDeps,
  input: SendRequestMailInput,
): Promise<RequestMail | Refused> {
  const context = await writableRequest(deps.db, input.principal, input.projectId, input.requestId, {
    coordinated: true,
  });
  if (isRefused(context)) return context;
  const form = await input.receive(`mailAttachments/${context.request.id}`);
  const discard = () =>
    discardStored(
      deps.storage,
      form.files.map((file) => file.storageKey),
      deps.log,
    );
  let outcome: RequestMail | Refused;
  try {
    outcome = await sendMail(
      deps.db,
      context,
      input.principal,
      { ...form.fields, attachments: form.files },
      input.actor,
      { link: input.link, queue: deps.queue },
    );
  } catch (error) {
    await discard();
    throw error;
  }
  if (isRefused(outcome)) await discard();
  return outcome;
}
