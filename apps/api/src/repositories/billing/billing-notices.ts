import type { Locale } from '@ipportal/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationMembers, requests, users } from '../../db/schema/index.js';
import { recipientsOf, type MailRecipient } from '../request-viewers.js';

/*
 * Who is told about money: the office's users, or the client side of the invoices concerned
 * (everyone who may see one of their requests, by the request mail's rule). Mails carry amounts
 * and dates already written in each recipient's language.
 */

/** A path of the web app made absolute for a mail (the route's origin, or the configured one in a job). */
export type PortalLink = (path: string) => string;

/** Every user of an office. */
export async function officeRecipients(db: Executor, firmId: string): Promise<MailRecipient[]> {
  return db
    .select({ userId: users.id, email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.userType, 'PATENT')));
}

/** A client-side recipient and the requests (of those asked about) it sees; null: all of them. */
export type ClientRecipient = MailRecipient & { requestIds: ReadonlySet<string> | null };

/**
 * The client side of some invoices: whoever may see one of their requests, each with the ones it
 * sees (a mail names to each only the invoices it may see); for a transfer matched to nothing,
 * the billed client itself (the user, or the organization's administrators).
 */
export async function clientRecipients(
  db: Executor,
  requestIds: readonly string[],
  billed: { billedOrganizationId: string | null; billedUserId: string | null },
): Promise<ClientRecipient[]> {
  const byUser = new Map<string, MailRecipient & { requestIds: Set<string> }>();
  const rows =
    requestIds.length === 0
      ? []
      : await db
          .select()
          .from(requests)
          .where(and(inArray(requests.id, [...new Set(requestIds)]), isNull(requests.deletedAt)));
  for (const request of rows) {
    for (const recipient of await recipientsOf(db, request, 'client', '')) {
      const known = byUser.get(recipient.userId) ?? { ...recipient, requestIds: new Set<string>() };
      known.requestIds.add(request.id);
      byUser.set(recipient.userId, known);
    }
  }
  if (byUser.size > 0) return [...byUser.values()];
  const columns = { userId: users.id, email: users.email, name: users.name, locale: users.locale };
  const seeingAll = (rows: MailRecipient[]) => rows.map((row) => ({ ...row, requestIds: null }));
  if (billed.billedOrganizationId) {
    const administrators = await db
      .select(columns)
      .from(users)
      .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(
        and(
          eq(organizationMembers.organizationId, billed.billedOrganizationId),
          eq(organizationMembers.roleCode, 0),
        ),
      );
    return seeingAll(administrators);
  }
  if (billed.billedUserId) {
    return seeingAll(await db.select(columns).from(users).where(eq(users.id, billed.billedUserId)));
  }
  return [];
}

const longDays: Record<Locale, Intl.DateTimeFormat> = {
  ja: new Intl.DateTimeFormat('ja-JP', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
};

/** A day as mails write it: ja 2026年11月26日, en 26 Nov 2026. */
export function mailDay(locale: Locale, isoDate: string): string {
  return longDays[locale].format(new Date(`${isoDate}T00:00:00Z`));
}
