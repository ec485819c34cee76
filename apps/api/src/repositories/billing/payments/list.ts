import type { Payment, paymentListQuerySchema } from '@ipportal/domain';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { paymentAllocations, payments } from '../../../db/schema/index.js';
import { paymentScope } from '../payment-access.js';
import { selectPayments, toPayments } from './read.js';

const allocatedOf = sql<number>`coalesce((select sum(pa.amount) from ${paymentAllocations} as pa where pa.payment_id = ${payments}.id), 0)`;

/** The payment history the caller sees, newest transfer first, with the total count. */
export async function listPayments(
  db: Executor,
  principal: Principal,
  query: z.output<typeof paymentListQuerySchema>,
): Promise<{ items: Payment[]; total: number }> {
  const filters: SQL[] = [paymentScope(principal)];
  if (query.status !== 'all') filters.push(eq(payments.status, query.status));
  if (query.matched === 'unmatched') filters.push(sql`${payments.amount} > ${allocatedOf}`);
  if (query.matched === 'matched') filters.push(sql`${payments.amount} <= ${allocatedOf}`);
  if (query.counterpartyId) {
    filters.push(
      principal.userType === 'PATENT'
        ? sql`(${payments.billedOrganizationId} = ${query.counterpartyId} or ${payments.billedUserId} = ${query.counterpartyId})`
        : eq(payments.firmId, query.counterpartyId),
    );
  }
  if (query.from) filters.push(sql`${payments.paidOn} >= ${query.from}`);
  if (query.to) filters.push(sql`${payments.paidOn} <= ${query.to}`);
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    selectPayments(db)
      .where(where)
      .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .where(where),
  ]);
  return { items: await toPayments(db, rows, principal), total: Number(count?.total ?? 0) };
}
