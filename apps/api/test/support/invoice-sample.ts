import { computeTotals, type LineInput } from '@ipportal/domain';
import type { InvoicePdfInput } from '../../src/documents/index.js';

const descriptions: Pick<LineInput, 'description' | 'taxClass'>[] = [
  {
    description: '特許出願手数料（明細書・特許請求の範囲作成） / Drafting of the patent application',
    taxClass: 'taxable10',
  },
  { description: '出願料（特許印紙） / JPO filing fee', taxClass: 'nonTaxable' },
  { description: '図面作成料 5図 / Drawings, 5 sheets', taxClass: 'taxable10' },
  { description: '審査請求手数料 / Request for examination (attorney fee)', taxClass: 'taxable10' },
  { description: '審査請求料（特許印紙） / Examination request fee', taxClass: 'nonTaxable' },
];

/**
 * A realistic invoice of an individual patent attorney with `lineCount` lines: fees, stamps, a
 * discount and one US agent's bill in dollars (for the PDF tests and bench/invoice-pdf.ts).
 */
export function sampleInvoice(lineCount: number, overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  const lines: LineInput[] = Array.from({ length: lineCount }, (_, index) => {
    const base = descriptions[index % descriptions.length]!;
    return {
      ...base,
      quantity: index % 5 === 2 ? '5' : '1',
      unitPrice: base.taxClass === 'nonTaxable' ? '14000' : String(30_000 + index * 1_005),
      currency: 'JPY',
      exchangeRate: null,
    };
  });
  if (lineCount >= 3) {
    lines[lineCount - 2] = {
      description: '米国代理人費用（出願手続） / US associate: filing',
      quantity: '1',
      unitPrice: '1234.56',
      taxClass: 'outOfScope',
      currency: 'USD',
      exchangeRate: '151.2345',
    };
    lines[lineCount - 1] = {
      description: '値引き / Discount',
      quantity: '1',
      unitPrice: '-5000',
      taxClass: 'taxable10',
      currency: 'JPY',
      exchangeRate: null,
    };
  }
  const foreign = lines.some((line) => line.currency !== 'JPY');
  return {
    kind: 'invoice',
    number: 'INV-2026-000123',
    issueDate: '2026-11-26',
    transactionDate: '2026-11-20',
    dueDate: '2026-12-31',
    issuer: {
      name: '山田特許事務所 弁理士 山田太郎',
      nameEn: 'Yamada Patent Office, Taro Yamada',
      postalCode: '100-0005',
      address: '東京都千代田区丸の内1-2-3 丸の内ビル5階',
      phoneNumber: '03-1234-5678',
      email: 'billing@yamada-patent.example.jp',
      qualifiedInvoiceNumber: 'T1234567890123',
      bankAccount:
        'みずほ銀行 丸の内支店 普通 1234567 ヤマダタロウ\nMizuho Bank, Marunouchi Branch, Ordinary 1234567',
      individual: true,
    },
    recipient: {
      name: '株式会社サンプル電機',
      nameEn: 'Sample Electric Co., Ltd.',
      postalCode: '530-0001',
      address: '大阪府大阪市北区梅田1-1-1',
    },
    subject: {
      refrenceCode: 'P2026-0042',
      projectTitle: 'リチウムイオン電池の電極構造',
      requestNumber: 3,
      requestName: '特許出願・審査請求',
    },
    totals: computeTotals(lines, { withholding: true }),
    notes: 'お振込手数料は貴社にてご負担ください。\nBank charges are borne by the payer.',
    correctsInvoiceNumber: null,
    fxNote: foreign,
    ...overrides,
  };
}
