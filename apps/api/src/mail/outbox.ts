import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { Jobs } from '../jobs/index.js';
import { secretMailParams, type MailTemplateName } from './templates/types.js';
import type { MailMessage, Mailer } from './types.js';

export const mailDeliveryJob = 'mail.deliver';

interface DeliveryJobData {
  outboxId: string;
}

export type QueuedMail<T extends MailTemplateName = MailTemplateName> = Omit<MailMessage<T>, 'delivery'> & {
  /** At most one mail per key, ever (a retried change, a second process). */
  dedupeKey?: string;
  /** What the mail is about (`invitation:<id>`), so a screen can show its delivery state. */
  reference?: string;
};

/**
 * Writes a mail to the outbox and enqueues its delivery, both through `executor`: called inside
 * the transaction of the change that causes the mail, the two commit with it or not at all, and
 * a crash after the commit loses nothing (the job is in the database). Returns the outbox id, or
 * undefined when a mail with the same dedupe key exists already.
 */
export async function queueMail<T extends MailTemplateName>(
  executor: Executor,
  jobs: Pick<Jobs, 'enqueue'>,
  mail: QueuedMail<T>,
): Promise<string | undefined> {
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey ?? null,
      reference: mail.reference ?? null,
      toAddress: mail.to,
      locale: mail.locale,
      template: mail.template,
      params: mail.params as Record<string, unknown>,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!row) return undefined;
  await jobs.enqueue<DeliveryJobData>(executor, mailDeliveryJob, { outboxId: row.id });
  return row.id;
}

/** A mail with its own dedupe key, which tells `queueMails`' answers apart. */
export type KeyedMail = QueuedMail & { dedupeKey: string };

/**
 * `queueMail` for many mails in two statements whatever their number (the outbox rows, then
 * their delivery jobs), for a job that queues thousands (a day's reminders: two statements per
 * mail were most of the 44 s on PostgreSQL, 88 s on PGlite, that planning 11,840 reminders
 * took). The rows go in as one JSON parameter, as pg-boss sends its jobs: PGlite parses one
 * parameter faster than 1,200. Answers the outbox id of each mail written, by dedupe key; a key
 * already in the outbox is left out, as `queueMail` answers undefined for it.
 */
export async function queueMails(
  executor: Executor,
  jobs: Pick<Jobs, 'enqueueMany'>,
  mails: readonly KeyedMail[],
): Promise<Map<string, string>> {
  if (mails.length === 0) return new Map();
  const rows = mails.map((mail) => ({
    dedupe_key: mail.dedupeKey,
    reference: mail.reference ?? null,
    to_address: mail.to,
    locale: mail.locale,
    template: mail.template,
    params: mail.params,
  }));
  const result: unknown = await executor.execute(sql`
    insert into ${mailOutbox} (dedupe_key, reference, to_address, locale, template, params)
    select m.dedupe_key, m.reference, m.to_address, m.locale, m.template, m.params
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as m (dedupe_key text, reference text, to_address text, locale text, template text, params jsonb)
    on conflict (dedupe_key) do nothing
    returning id, dedupe_key`);
  // postgres-js answers the rows, PGlite an object holding them.
  const written = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    dedupe_key: string;
  }[];
  await jobs.enqueueMany<DeliveryJobData>(
    executor,
    mailDeliveryJob,
    written.map((row) => ({ outboxId: row.id })),
  );
  return new Map(written.map((row) => [row.dedupe_key, row.id]));
}

/** `queueMail` bound to the app's jobs, for code that should not know about them (repositories). */
export type MailQueue = (executor: Executor, mail: QueuedMail) => Promise<string | undefined>;

/** A MailQueue that also queues many mails at once (`queueMails`), for jobs that send thousands. */
export interface MailBatchQueue extends MailQueue {
  many(executor: Executor, mails: readonly KeyedMail[]): Promise<Map<string, string>>;
}

export function mailQueueOf(jobs: Pick<Jobs, 'enqueue' | 'enqueueMany'>): MailBatchQueue {
  return Object.assign((executor: Executor, mail: QueuedMail) => queueMail(executor, jobs, mail), {
    many: (executor: Executor, mails: readonly KeyedMail[]) => queueMails(executor, jobs, mails),
  });
}

export interface MailDeliveryDeps {
  db: Executor;
  mailer: Pick<Mailer, 'send'>;
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * The job that delivers one outbox row. Idempotent: a row already sent is left alone, and every
 * attempt of a row uses the same Message-ID (and .eml file name). Each attempt is counted on the
 * row; when the retries are used up the row is marked failed with the last error.
 */
export function defineMailDelivery(jobs: Pick<Jobs, 'define'>, deps: MailDeliveryDeps): void {
  jobs.define<DeliveryJobData>({
    name: mailDeliveryJob,
    retryLimit: deps.retryLimit,
    retryDelaySeconds: deps.retryDelaySeconds,
    heartbeatSeconds: 10,
    expireInSeconds: 5 * 60,
    async handler({ outboxId }, attempt) {
      const [row] = await deps.db
        .update(mailOutbox)
        .set({
          status: 'sending',
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastAttemptAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(mailOutbox.id, outboxId), ne(mailOutbox.status, 'sent')))
        .returning();
      if (!row) return; // sent already (or gone): nothing to do
      try {
        const sent = await deps.mailer.send({
          to: row.toAddress,
          locale: row.locale,
          template: row.template as MailTemplateName,
          params: row.params as never,
          delivery: { id: row.id, createdAt: row.createdAt },
        });
        await deps.db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            lastError: null,
            deliveredAs: sent.file ?? sent.messageId,
            params: withoutSecrets(row.template as MailTemplateName, row.params),
            updatedAt: sql`now()`,
          })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        // A 5xx answer is the relay's final word (no such mailbox, refused); retrying changes nothing.
        const permanent = isPermanentRefusal(error);
        await deps.db
          .update(mailOutbox)
          .set({
            status: attempt.isLastAttempt || permanent ? 'failed' : 'queued',
            lastError: error instanceof Error ? error.message : String(error),
            updatedAt: sql`now()`,
          })
          .where(eq(mailOutbox.id, row.id));
        if (!permanent) throw error;
      }
    },
  });
}

/** An SMTP reply in the 5xx range (RFC 5321 4.2.1: permanent negative completion). */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The params kept once a mail is sent: credentials blanked (see secretMailParams). */
function withoutSecrets(
  template: MailTemplateName,
  params: Record<string, unknown>,
): Record<string, unknown> {
  const secrets = (secretMailParams[template] ?? []) as readonly string[];
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, secrets.includes(name) ? '[sent]' : value]),
  );
}
