import { formatYen, japanBusinessDayAfter, japanTimeZone, todayInJapan, webPathOf } from '@ipportal/domain';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import { firms, invoices, projects } from '../db/schema/index.js';
import { portalLinkFromConfig } from '../http/portal-link.js';
import type { Jobs, JobsLogger } from '../jobs/index.js';
import type { MailQueue } from '../mail/outbox.js';
import { clientRecipients, mailDay, type PortalLink } from '../repositories/billing/billing-notices.js';

export const overdueInvoicesJob = 'invoices.overdue';

export interface OverdueInvoicesData {
  /** The day to run for; the schedule leaves it out (today in Japan). Tests and operators name one. */
  today?: string;
}

export interface OverdueInvoicesDeps {
  db: Executor;
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>;
  queueMail: MailQueue;
  logger: JobsLogger;
}

/**
 * The day an invoice's overdue notice goes out: the Japanese business day after its due date
 * (a Friday's due date is told on Monday, a due date before the year-end closure after it).
 */
export function overdueNoticeDay(dueDate: string): string {
  return japanBusinessDayAfter(dueDate);
}

/**
 * Mails the client side of every issued invoice still unpaid on or after its notice day, once:
 * `overdue_notified_at` is set in the transaction that queues the mails, and only where it was
 * still empty, so a re-run, a retry or a second worker sends nothing twice. An invoice whose
 * balance is covered by recorded transfers waiting for the office's confirmation is not nagged
 * (and is looked at again the next day). Answers how many invoices were notified.
 */
export async function notifyOverdueInvoices(
  db: Executor,
  options: { today: string; link: PortalLink; queueMail: MailQueue },
): Promise<number> {
  const candidates = await db
    .select({
      id: invoices.id,
      dueDate: invoices.dueDate,
      balance: invoices.balance,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'issued'),
        eq(invoices.kind, 'invoice'),
        isNull(invoices.overdueNotifiedAt),
        lt(invoices.dueDate, options.today),
        gt(invoices.balance, 0),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  let notified = 0;
  for (const candidate of candidates) {
    if (!candidate.dueDate || overdueNoticeDay(candidate.dueDate) > options.today) continue;
    const sent = await db.transaction(async (tx) => {
      const [invoice] = await tx
        .update(invoices)
        .set({ overdueNotifiedAt: new Date() })
        .where(
          and(
            eq(invoices.id, candidate.id),
            isNull(invoices.overdueNotifiedAt),
            eq(invoices.status, 'issued'),
            gt(invoices.balance, 0),
          ),
        )
        .returning();
      if (!invoice) return false;
      const [context] = await tx
        .select({ firmName: firms.name, reference: projects.refrenceCode })
        .from(firms)
        .innerJoin(projects, eq(projects.id, invoice.projectId))
        .where(eq(firms.id, invoice.firmId))
        .limit(1);
      for (const recipient of await clientRecipients(tx, [invoice.requestId], invoice)) {
        await options.queueMail(tx, {
          to: recipient.email,
          locale: recipient.locale,
          template: 'invoiceOverdue',
          params: {
            firmName: context?.firmName ?? '',
            invoiceNumber: invoice.number ?? '',
            reference: context?.reference ?? '',
            dueDate: mailDay(recipient.locale, invoice.dueDate!),
            balance: formatYen(invoice.balance, recipient.locale),
            url: options.link(webPathOf('invoice', { invoiceId: invoice.id })),
          },
          dedupeKey: `invoice-overdue:${invoice.id}:${recipient.userId}`,
          reference: `invoice:${invoice.id}`,
        });
      }
      return true;
    });
    if (sent) notified++;
  }
  return notified;
}

/** The overdue notice, every morning in Japan (idempotent: a re-run the same day sends nothing). */
export function defineOverdueInvoicesJob(jobs: Pick<Jobs, 'define'>, deps: OverdueInvoicesDeps): void {
  jobs.define<OverdueInvoicesData>({
    name: overdueInvoicesJob,
    retryLimit: 5,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    expireInSeconds: 15 * 60,
    keepFinishedDays: 7,
    cron: { expression: '15 9 * * *', timeZone: japanTimeZone },
    async handler(data) {
      const today = data.today && /^\d{4}-\d{2}-\d{2}$/.test(data.today) ? data.today : todayInJapan();
      const notified = await notifyOverdueInvoices(deps.db, {
        today,
        link: (path) => portalLinkFromConfig(deps.config, path),
        queueMail: deps.queueMail,
      });
      if (notified > 0)
        deps.logger.info({ overdueInvoices: { today, notified } }, `${notified} overdue invoices notified`);
    },
  });
}
