import { documentTexts, type BillingDocument, type Locale } from '@ipportal/domain';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeDeal, makeInvoice } from '../../../test/billing-fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { estimateBillingDocument, EstimateDocument } from './estimate-document';
import { invoiceBillingDocument, InvoiceDocument } from './invoice-document';

/*
 * The print page shows the domain's billing document, the one the stored PDF prints (its test
 * is apps/api test/unit/invoice-pdf-document.test.ts), and nothing of its own: the sheet's texts
 * are exactly the document's texts in the page's language. A label or figure added to the page
 * alone, or one the page leaves out, fails here. Documents without a status stamp, which is the
 * page's own (the state of the document now, not its content).
 */

const slow = { timeout: 20_000 };

/** Every non-empty text node of the sheet, trimmed. */
function textsOf(sheet: HTMLElement): string[] {
  const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  return texts;
}

async function expectSheetToShow(element: ReactNode, name: string, model: BillingDocument, locale: Locale) {
  const app = renderWithProviders(<Suspense fallback="…">{element}</Suspense>, { locale });
  const sheet = await app.findByRole('article', { name }, slow);
  expect(textsOf(sheet)).toEqual(documentTexts(model, locale).map((text) => text.trim()));
  expect(app.missingKeys).toEqual([]);
}

const credit = makeInvoice({
  kind: 'creditNote',
  number: 'CN-2026-0003',
  correctsInvoice: { id: 'e0000000-0000-4000-8000-000000000002', number: 'INV-2026-0010' },
  notes: 'お振込手数料は当方にて負担いたします。',
  fxNote: false,
});

describe('the print page shows the billing document', { timeout: 60_000 }, () => {
  it.each([
    ['ja', '請求書 INV-2026-0012'],
    ['en', 'Invoice INV-2026-0012'],
  ] as const)('an invoice (%s)', async (locale, name) => {
    const invoice = makeInvoice();
    await expectSheetToShow(
      <InvoiceDocument invoice={invoice} />,
      name,
      invoiceBillingDocument(invoice),
      locale,
    );
  });

  it.each([
    ['ja', '適格返還請求書 CN-2026-0003'],
    ['en', 'Credit note CN-2026-0003'],
  ] as const)('a credit note (%s)', async (locale, name) => {
    await expectSheetToShow(
      <InvoiceDocument invoice={credit} />,
      name,
      invoiceBillingDocument(credit),
      locale,
    );
  });

  it.each([
    ['ja', '御見積書 Q-2026-0007'],
    ['en', 'Estimate Q-2026-0007'],
  ] as const)('an estimate, second version (%s)', async (locale, name) => {
    const deal = makeDeal({ version: 2 });
    await expectSheetToShow(<EstimateDocument deal={deal} />, name, estimateBillingDocument(deal), locale);
  });
});
