import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { firms, invoices, projects, requests } from '../../../db/schema/index.js';
import type { StoredInvoice } from '../invoice-rows.js';

/*
 * What an issued invoice prints besides its frozen parties and totals: its matter and request,
 * the invoice it corrects, and its notes.
 */

export interface Printed {
  request: typeof requests.$inferSelect;
  subject: { refrenceCode: string; projectTitle: string; requestNumber: number; requestName: string };
  correctsInvoiceNumber: string | null;
  notes: string | null;
}

export async function printedOf(tx: Executor, invoice: StoredInvoice): Promise<Printed | undefined> {
  const [request] = await tx.select().from(requests).where(eq(requests.id, invoice.requestId));
  const [project] = await tx.select().from(projects).where(eq(projects.id, invoice.projectId));
  if (!request || !project) return undefined;
  let correctsInvoiceNumber: string | null = null;
  if (invoice.correctsInvoiceId) {
    const [corrected] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoice.correctsInvoiceId));
    correctsInvoiceNumber = corrected?.number ?? null;
  }
  // The office's standing notes (payment terms, remarks) are printed under the invoice's own.
  const [firmNotes] = await tx
    .select({ invoiceNotes: firms.invoiceNotes })
    .from(firms)
    .where(eq(firms.id, invoice.firmId));
  return {
    request,
    subject: {
      refrenceCode: project.refrenceCode,
      projectTitle: project.title,
      requestNumber: request.number,
      requestName: request.name,
    },
    correctsInvoiceNumber,
    notes: [invoice.notes, firmNotes?.invoiceNotes].filter((text) => text?.trim()).join('\n\n') || null,
  };
}
