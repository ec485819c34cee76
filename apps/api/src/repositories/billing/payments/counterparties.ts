import type { Counterparty } from '@ipportal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { firms, invoices, organizations, users } from '../../../db/schema/index.js';
import { invoiceScope } from '../payment-access.js';

/**
 * Who bills the caller (the offices of the issued invoices it sees, with `individual` for the
 * withholding warning), or whom the caller's office bills (organizations and users), by name.
 */
export async function listCounterparties(db: Executor, principal: Principal): Promise<Counterparty[]> {
  if (principal.userType === 'PATENT') {
    if (!principal.firmId) return [];
    const rows = await db
      .select({
        organizationId: invoices.billedOrganizationId,
        organizationName: organizations.name,
        userId: invoices.billedUserId,
        userName: users.name,
      })
      .from(invoices)
      .leftJoin(organizations, eq(organizations.id, invoices.billedOrganizationId))
      .leftJoin(users, eq(users.id, invoices.billedUserId))
      .where(and(eq(invoices.firmId, principal.firmId), sql`${invoices.status} <> 'draft'`))
      .groupBy(invoices.billedOrganizationId, organizations.name, invoices.billedUserId, users.name);
    const byId = new Map<string, Counterparty>();
    for (const row of rows) {
      const party: Counterparty = row.organizationId
        ? {
            id: row.organizationId,
            name: row.organizationName ?? '',
            kind: 'organization',
            individual: false,
          }
        : { id: row.userId ?? '', name: row.userName ?? '', kind: 'user', individual: false };
      byId.set(party.id, party);
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
  const rows = await db
    .select({ id: firms.id, name: firms.name, individual: firms.individual })
    .from(invoices)
    .innerJoin(firms, eq(firms.id, invoices.firmId))
    .where(invoiceScope(principal))
    .groupBy(firms.id, firms.name, firms.individual)
    .orderBy(asc(firms.name), asc(firms.id));
  return rows.map((row) => ({ ...row, kind: 'firm' as const }));
}
