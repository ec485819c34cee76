import type {
  BillingIssuer,
  BillingLine,
  BillingParty,
  BillingSubject,
  BillingTotals,
  Totals,
} from '@ipportal/domain';
import type { Executor } from '../../../db/client.js';
import { readLines, toLine, toLineInput, type LinedDocument } from './lines.js';
import { issuerOf, partiesOf, recipientOf, type Billed, type DocumentParties } from './parties.js';
import { toSubject } from './subject.js';
import { computeDocumentTotals, totalColumnsOf, totalsOf } from './totals.js';

/*
 * A document leaving the office (an estimate sent, an invoice issued) is frozen: its totals
 * computed again from its stored lines and both parties copied into its snapshot columns, after
 * which a trigger (migration 0013) keeps them as they are. Reading a document answers what was
 * frozen, or the live values while it is a draft.
 */

export interface Frozen {
  lineCount: number;
  issuer: BillingIssuer;
  recipient: BillingParty;
  totals: Totals;
  /** The columns to store with the document's new status. */
  columns: ReturnType<typeof totalColumnsOf> & {
    issuerSnapshot: BillingIssuer;
    recipientSnapshot: BillingParty;
  };
}

export async function freezeDocument(
  tx: Executor,
  document: LinedDocument,
  row: Billed & { id: string; firmId: string },
): Promise<Frozen> {
  const items = await readLines(tx, document, row.id);
  const issuer = await issuerOf(tx, row.firmId);
  const recipient = await recipientOf(tx, row);
  const totals = computeDocumentTotals(items.map(toLineInput), issuer.individual);
  return {
    lineCount: items.length,
    issuer,
    recipient,
    totals,
    columns: { issuerSnapshot: issuer, recipientSnapshot: recipient, ...totalColumnsOf(totals) },
  };
}

type StoredTotals = Parameters<typeof totalsOf>[0];

/** What every document answers besides its own fields: parties, subject, lines and totals. */
export interface DocumentBody {
  issuer: BillingIssuer;
  recipient: BillingParty;
  subject: BillingSubject;
  lines: BillingLine[];
  totals: BillingTotals;
  fxNote: boolean;
}

export async function documentBody(
  db: Executor,
  document: LinedDocument,
  stored: DocumentParties & StoredTotals & { id: string; projectId: string },
  names: Omit<Parameters<typeof toSubject>[0], 'projectId'>,
): Promise<DocumentBody> {
  const [items, parties] = await Promise.all([readLines(db, document, stored.id), partiesOf(db, stored)]);
  const lines = items.map(toLine);
  return {
    ...parties,
    subject: toSubject({ ...names, projectId: stored.projectId }),
    lines,
    totals: totalsOf(stored),
    fxNote: lines.some((line) => line.currency !== 'JPY'),
  };
}

/** A row just written by the caller's transaction: missing means a bug, not a refusal. */
export function readable<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`${what} not readable`);
  return row;
}
