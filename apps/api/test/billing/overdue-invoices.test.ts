import { japanTimeZone } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  defineOverdueInvoicesJob,
  notifyOverdueInvoices,
  overdueInvoicesJob,
  overdueNoticeDay,
  type OverdueInvoicesData,
} from '../../src/billing/overdue-invoices.js';
import type { JobDefinition } from '../../src/jobs/index.js';
import { invoices, mailOutbox } from '../../src/db/schema/index.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertIssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { buildWorld, setLocale, type DetailWorld } from '../requests/detail-support.js';

/** The overdue notice: once, on the Japanese business day after the due date, in each recipient's language. */
describe.skipIf(skipDriver)('invoice overdue job', () => {
  let ctx: TestContext;
  let w: DetailWorld;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.com' });
    w = await buildWorld(ctx, 'od');
  });
  afterAll(async () => ctx?.close());

  const run = (today: string) =>
    notifyOverdueInvoices(ctx.app.db, {
      today,
      link: (path) => `https://portal.example.com${path}`,
      queueMail: mailQueueOf(ctx.app.jobs),
    });
  const mailsOf = (invoiceId: string) =>
    ctx.app.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.reference, `invoice:${invoiceId}`), eq(mailOutbox.template, 'invoiceOverdue')),
      );

  test('the notice day: the next business day after the due date (weekends, holidays, the year-end closure)', () => {
    expect(overdueNoticeDay('2026-11-26')).toBe('2026-11-27'); // Thursday -> Friday
    expect(overdueNoticeDay('2026-11-27')).toBe('2026-11-30'); // Friday -> Monday
    expect(overdueNoticeDay('2026-11-02')).toBe('2026-11-04'); // Monday -> Wednesday (Nov 3 Culture Day)
    expect(overdueNoticeDay('2026-12-28')).toBe('2027-01-04'); // the year-end closure
  });

  test('mailed once on the notice day, not before, never again; a paid invoice is not', async () => {
    await setLocale(ctx, w.admin, 'en');
    const due = await insertIssuedInvoice(ctx, {
      requestId: w.requestId,
      firmId: w.firmId,
      feeYen: 10_000,
      dueDate: '2026-11-27',
    });
    expect(await run('2026-11-27')).toBe(0);
    expect(await run('2026-11-29')).toBe(0); // Sunday: still before the notice day
    expect(await mailsOf(due.id)).toEqual([]);
    expect(await run('2026-11-30')).toBe(1);
    const mails = await mailsOf(due.id);
    expect(mails.map((m) => [m.toAddress, m.locale]).sort()).toEqual(
      [
        [w.admin.email, 'en'],
        [w.owner.email, 'ja'],
      ].sort(),
    );
    expect(mails.find((m) => m.locale === 'en')!.params).toMatchObject({
      invoiceNumber: due.number,
      dueDate: '27 Nov 2026',
      balance: 'JP¥11,000',
      firmName: 'Firm od',
      url: `https://portal.example.com/invoices/${due.id}`,
    });
    expect(mails.find((m) => m.locale === 'ja')!.params).toMatchObject({
      dueDate: '2026年11月27日',
      balance: '￥11,000',
    });
    const [row] = await ctx.app.db
      .select({ at: invoices.overdueNotifiedAt })
      .from(invoices)
      .where(eq(invoices.id, due.id));
    expect(row?.at).toBeInstanceOf(Date);
    expect(await run('2026-11-30')).toBe(0);
    expect(await run('2026-12-01')).toBe(0);
    expect(await mailsOf(due.id)).toHaveLength(2);
  });

  test('the job runs daily in Japan time; its handler with a fixed today mails after the year-end closure', async () => {
    const defined: JobDefinition<OverdueInvoicesData>[] = [];
    defineOverdueInvoicesJob(
      {
        define: (definition) =>
          void defined.push(definition as unknown as JobDefinition<OverdueInvoicesData>),
      },
      { db: ctx.app.db, config: ctx.config, queueMail: mailQueueOf(ctx.app.jobs), logger: ctx.app.log },
    );
    expect(defined).toEqual([
      expect.objectContaining({
        name: overdueInvoicesJob,
        cron: { expression: '15 9 * * *', timeZone: japanTimeZone },
      }),
    ]);
    const handler = (today: string) =>
      defined[0]!.handler({ today }, { jobId: 'test', retryCount: 0, isLastAttempt: false });
    const due = await insertIssuedInvoice(ctx, {
      requestId: w.requestId,
      firmId: w.firmId,
      feeYen: 5000,
      dueDate: '2026-12-28',
    });
    await handler('2027-01-03');
    expect(await mailsOf(due.id)).toEqual([]);
    await handler('2027-01-04');
    await handler('2027-01-04');
    expect(await mailsOf(due.id)).toHaveLength(2);
  });
});
