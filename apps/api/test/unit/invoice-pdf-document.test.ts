import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { billingDocumentOf, documentTexts, type BillingDocument } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfInput } from '../../src/documents/index.js';
import { sampleInvoice } from '../support/invoice-sample.js';

/*
 * The stored PDF prints the domain's billing document and nothing of its own but page numbers:
 * every text of the document's bilingual face is found in the PDF's text, and once they are all
 * taken out, only the footer is left. A label added to the PDF renderer alone, or one the
 * renderer leaves out, fails here (the print page has the same test in apps/web).
 */

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'invoice-pdf-document-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** The document the PDF of `input` must print (as the renderer derives it). */
function documentOf(input: InvoicePdfInput): BillingDocument {
  return billingDocumentOf({ ...input, lines: input.totals.lines });
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

/**
 * The PDF's text with its page footers (number and "n / N") taken out, then each of `expected`
 * once (longest first, so a short text never takes a piece of a longer one). A PDF wraps a text
 * within its box, and the table header puts the English names on a second line, so each text is
 * matched line by line and without spaces.
 */
function leftOver(
  text: string,
  expected: readonly string[],
  number: string,
): { missing: string[]; rest: string } {
  const pages = text.split('\f').filter((page) => page.trim());
  const footers = pages.flatMap((_, index) => [`${index + 1}/${pages.length}`, number]);
  const pieces = expected
    .flatMap((entry) => entry.split('\n'))
    .map(squeeze)
    .filter(Boolean);
  let rest = squeeze(text);
  const missing: string[] = [];
  for (const piece of [...footers, ...[...pieces].sort((a, b) => b.length - a.length)]) {
    const at = rest.indexOf(piece);
    if (at < 0) missing.push(piece);
    else rest = rest.slice(0, at) + rest.slice(at + piece.length);
  }
  return { missing, rest };
}

const noRegistration = sampleInvoice(3);
noRegistration.issuer = { ...noRegistration.issuer, qualifiedInvoiceNumber: null, bankAccount: null };
noRegistration.subject = null;
const credit = sampleInvoice(2, { kind: 'creditNote', correctsInvoiceNumber: 'INV-2026-000100' });
credit.totals = {
  ...credit.totals,
  withholdingBase: 0,
  withholding: 0,
  amountToTransfer: credit.totals.total,
};

describe.runIf(hasPoppler)('the invoice PDF prints the billing document', () => {
  it.each([
    ['an invoice with withholding, a foreign line and a discount', sampleInvoice(3)],
    ['a credit note without withholding', credit],
    ['an invoice of an unregistered office outside any matter', noRegistration],
  ])('%s: its texts and nothing else but the footer', async (name, input) => {
    const document = documentOf(input);
    const text = await pdfText(await renderInvoicePdf(input), name);
    const { missing, rest } = leftOver(text, documentTexts(document, 'both'), input.number);
    expect(missing).toEqual([]);
    expect(rest).toBe('');
  });

  it('a further page repeats the table header under the continuation line', async () => {
    const input = sampleInvoice(30);
    const document = documentOf(input);
    const header = documentTexts({ ...document, lines: [], totals: [], sections: [] }, 'both').slice(-6);
    const text = await pdfText(await renderInvoicePdf(input), 'thirty');
    expect(text.split('\f')[1]).toContain('Description');
    const { missing, rest } = leftOver(
      text,
      [...documentTexts(document, 'both'), ...header, document.continuation.both],
      input.number,
    );
    expect(missing).toEqual([]);
    expect(rest).toBe('');
  });
});

it.skipIf(hasPoppler)('pdftotext is not installed: the PDF was NOT compared with its document', () => {
  console.warn('invoice-pdf-document.test: pdftotext (poppler-utils) missing; comparison skipped');
});
