import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { queueMail, queueMails } from '../../src/mail/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMailSink, type MailSink } from '../support/mail-sink.js';

describe.skipIf(skipDriver)('mail outbox', () => {
  let ctx: TestContext;
  let sink: MailSink;

  beforeAll(async () => {
    sink = createMailSink();
    // One second between retries keeps the retry test short; backoff doubles it.
    ctx = await createTestContext({ MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '4' }, { mailer: sink });
  });
  afterAll(async () => ctx.close());

  const outboxRow = async (id: string) =>
    (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  test('a mail queued in a committed transaction is delivered once and recorded as sent', async () => {
    const id = await ctx.app.db.transaction((tx) =>
      queueMail(tx, ctx.app.jobs, {
        to: 'committed@example.com',
        locale: 'en',
        template: 'passwordResetCode',
        params: { code: '111111' },
      }),
    );
    expect(id).toBeDefined();
    const mail = await sink.waitFor((sent) => sent.to === 'committed@example.com');
    expect(mail.params).toEqual({ code: '111111' });
    const row = await waitForStatus(id!, 'sent');
    expect(row.attempts).toBe(1);
    // The record of what was sent keeps no working code.
    expect(row.params).toEqual({ code: '[sent]' });
    expect(sink.sent.filter((mail) => mail.to === 'committed@example.com')).toHaveLength(1);
  });

  test('a rolled-back transaction leaves neither a mail nor a job', async () => {
    const rollback = new Error('rolled back on purpose');
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await queueMail(tx, ctx.app.jobs, {
          to: 'rolled-back@example.com',
          locale: 'ja',
          template: 'passwordResetCode',
          params: { code: '222222' },
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const rows = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'rolled-back@example.com'));
    expect(rows).toHaveLength(0);
    // A mail queued after it is delivered; the rolled-back one never is.
    await ctx.app.db.transaction((tx) =>
      queueMail(tx, ctx.app.jobs, {
        to: 'after-rollback@example.com',
        locale: 'ja',
        template: 'passwordResetCode',
        params: { code: '333333' },
      }),
    );
    await sink.waitFor((mail) => mail.to === 'after-rollback@example.com');
    expect(sink.sent.some((mail) => mail.to === 'rolled-back@example.com')).toBe(false);
  });

  test('mails queued together are delivered together, not one per poll interval', async () => {
    const recipients = Array.from({ length: 25 }, (_, index) => `burst-${index}@example.com`);
    await ctx.app.db.transaction(async (tx) => {
      for (const to of recipients)
        await queueMail(tx, ctx.app.jobs, {
          to,
          locale: 'ja',
          template: 'passwordResetCode',
          params: { code: '1' },
        });
    });
    // One poll interval (2 s) per mail would take 50 s; batches of 10 fetched back to back take a moment.
    for (const to of recipients) await sink.waitFor((mail) => mail.to === to, 15_000);
  });

  test('at most one mail per dedupe key', async () => {
    const mail = {
      to: 'dedupe@example.com',
      locale: 'en' as const,
      template: 'passwordResetCode' as const,
      params: { code: '444444' },
      dedupeKey: 'test:dedupe:1',
    };
    const first = await queueMail(ctx.app.db, ctx.app.jobs, mail);
    const second = await queueMail(ctx.app.db, ctx.app.jobs, mail);
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    await waitForStatus(first!, 'sent');
    expect(sink.sent.filter((sent) => sent.to === 'dedupe@example.com')).toHaveLength(1);
  });

  test('many mails queued at once: one outbox row and one delivery each, none twice per dedupe key', async () => {
    const mailOf = (index: number) => ({
      to: `many-${index}@example.com`,
      locale: 'ja' as const,
      template: 'passwordResetCode' as const,
      params: { code: String(index) },
      dedupeKey: `test:many:${index}`,
      reference: `test:many:${index}`,
    });
    const first = await ctx.app.db.transaction((tx) => queueMails(tx, ctx.app.jobs, [0, 1, 2].map(mailOf)));
    expect([...first.keys()].sort()).toEqual(['test:many:0', 'test:many:1', 'test:many:2']);
    // The same keys again with a new one: only the new one is written.
    const second = await queueMails(ctx.app.db, ctx.app.jobs, [1, 2, 3].map(mailOf));
    expect([...second.keys()]).toEqual(['test:many:3']);
    expect(await queueMails(ctx.app.db, ctx.app.jobs, [])).toEqual(new Map());
    for (const [key, id] of [...first, ...second]) {
      const row = await waitForStatus(id, 'sent');
      expect(row.dedupeKey).toBe(key);
      expect(row.reference).toBe(key);
    }
    for (const index of [0, 1, 2, 3])
      expect(sink.sent.filter((mail) => mail.to === `many-${index}@example.com`)).toHaveLength(1);
  });

  test('a sink that fails three times, then recovers: the mail arrives once, with its attempts recorded', async () => {
    sink.failNext(3);
    const id = await queueMail(ctx.app.db, ctx.app.jobs, {
      to: 'flaky@example.com',
      locale: 'ja',
      template: 'passwordResetCode',
      params: { code: '555555' },
    });
    await sink.waitFor((mail) => mail.to === 'flaky@example.com', 60_000);
    const row = await waitForStatus(id!, 'sent');
    expect(row.attempts).toBe(4);
    expect(row.lastError).toBeNull();
    expect(sink.refused).toBe(3);
    expect(sink.sent.filter((mail) => mail.to === 'flaky@example.com')).toHaveLength(1);
  }, 90_000);

  test('a mail that keeps failing is marked failed with its error and listed among failed jobs', async () => {
    sink.failNext(1000);
    const id = await queueMail(ctx.app.db, ctx.app.jobs, {
      to: 'broken@example.com',
      locale: 'ja',
      template: 'passwordResetCode',
      params: { code: '666666' },
    });
    const row = await waitForStatus(id!, 'failed', 90_000);
    sink.failNext(0);
    expect(row.attempts).toBe(5);
    expect(row.lastError).toBe('mail sink: connection refused');
    // The handler marks the row failed inside its last attempt; pg-boss records the job's failure
    // only once that attempt has settled, so wait for the job to be listed.
    const failed = await vi.waitFor(
      async () => {
        const jobs = await ctx.app.jobs.failed();
        const job = jobs.find((candidate) => (candidate.data as { outboxId?: string }).outboxId === id);
        if (!job) throw new Error('the mail job is not listed among failed jobs yet');
        return job;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(failed.error).toContain('connection refused');
  }, 120_000);

  /**
   * Waits for the row's status by re-reading it each time a delivery attempt ends (the sink's
   * signal) or the job queue records the outcome; the database is the truth.
   */
  async function waitForStatus(id: string, status: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await outboxRow(id);
      if (row?.status === status) return row;
      if (Date.now() > deadline) throw new Error(`outbox row ${id} is ${row?.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});
