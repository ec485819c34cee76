import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { billingCounters } from '../../../db/schema/index.js';

export type DocumentKind = 'deal' | 'invoice' | 'creditNote';

/**
 * Number prefixes: 見積書 Q, 請求書 INV, 適格返還請求書 (credit note) CN, then the Japanese year and
 * a four-digit sequence per office, kind and year: `Q2026-0001`, `INV2026-0001`, `CN2026-0001`.
 * More than 9,999 in a year simply widens the sequence.
 */
export const numberPrefix: Record<DocumentKind, string> = { deal: 'Q', invoice: 'INV', creditNote: 'CN' };

export function formatDocumentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${numberPrefix[kind]}${year}-${String(sequence).padStart(4, '0')}`;
}

/**
 * The next number of an office's documents of one kind in the year of `today` (Japan): one
 * `insert … on conflict do update … returning` inside the caller's transaction. The counter row
 * stays locked until that transaction ends, so numbers are consecutive and never reused; a
 * transaction that rolls back gives its number back.
 */
export async function nextDocumentNumber(
  tx: Executor,
  firmId: string,
  kind: DocumentKind,
  today: string,
): Promise<string> {
  const year = Number(today.slice(0, 4));
  const [row] = await tx
    .insert(billingCounters)
    .values({ firmId, kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [billingCounters.firmId, billingCounters.kind, billingCounters.year],
      set: { last: sql`${billingCounters.last} + 1` },
    })
    .returning({ last: billingCounters.last });
  if (!row) throw new Error('billing counter returned no row');
  return formatDocumentNumber(kind, year, row.last);
}
