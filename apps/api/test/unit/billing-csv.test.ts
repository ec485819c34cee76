import { describe, expect, it } from 'vitest';
import { invoicesCsv } from '../../src/billing/csv.js';
import type { InvoiceListItem } from '../../src/repositories/billing/invoice-rows.js';

// The fields the CSV reads; the rest of a list item does not reach the file.
function creditNote(clientName: string, requestName: string): InvoiceListItem {
  return {
    kind: 'creditNote',
    number: 'CN2026-0001',
    status: 'issued',
    issueDate: '2026-11-23',
    transactionDate: '2026-11-23',
    dueDate: null,
    client: { id: 'c', name: clientName },
    firm: { id: 'f', name: 'さくら国際特許事務所' },
    subject: { requestName, refrenceCode: 'P-2024-001' },
    byTaxClass: [{ taxClass: 'taxable10', subtotal: -150_000, tax: -15_000 }],
    total: -165_000,
    withholding: 0,
    amountToTransfer: -165_000,
    paidAmount: 0,
    balance: -165_000,
    overdue: false,
  } as unknown as InvoiceListItem;
}

describe('the billing CSV', () => {
  it('keeps a counterparty or title that starts like a formula from running in a spreadsheet; negative amounts stay numbers', () => {
    const text = invoicesCsv(
      [creditNote('=HYPERLINK("http://evil.example","株式会社")', '@SUM(A1)')],
      'office',
    )
      .toString('utf8')
      .slice(1);
    const row = text.split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""株式会社"")"`);
    expect(row).toContain(`"'@SUM(A1)"`);
    expect(row).toContain('"-150000","-15000"');
    expect(row).toContain('"-165000"');
  });
});
