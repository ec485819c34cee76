import { describe, expect, it } from 'vitest';
import { billingDocumentOf, computeTotals, documentTexts, type InvoiceDocumentInput } from '../src/index.js';

const totals = computeTotals(
  [
    {
      description: '出願手数料',
      quantity: '1',
      unitPrice: '300000',
      taxClass: 'taxable10',
      currency: 'JPY',
      exchangeRate: null,
    },
    {
      description: '印紙代',
      quantity: '1',
      unitPrice: '14000',
      taxClass: 'nonTaxable',
      currency: 'JPY',
      exchangeRate: null,
    },
    {
      description: '米国代理人費用',
      quantity: '2',
      unitPrice: '600',
      taxClass: 'outOfScope',
      currency: 'USD',
      exchangeRate: '150.25',
    },
  ],
  { withholding: true },
);

const invoice: InvoiceDocumentInput = {
  kind: 'invoice',
  number: 'INV-2026-0012',
  issueDate: '2026-11-26',
  transactionDate: '2026-11-25',
  dueDate: '2026-12-31',
  issuer: {
    name: '山田特許事務所',
    nameEn: 'Yamada Patent Office',
    postalCode: '100-0005',
    address: '東京都千代田区丸の内1-1-1',
    phoneNumber: '+81352123456',
    email: null,
    qualifiedInvoiceNumber: 'T1234567890123',
    bankAccount: 'みずほ銀行 丸の内支店 普通 1234567',
  },
  recipient: { name: '株式会社サンプル', nameEn: null, postalCode: null, address: null },
  subject: {
    refrenceCode: 'P-2026-001',
    projectTitle: '放熱構造',
    requestNumber: 1,
    requestName: '米国出願',
  },
  lines: totals.lines,
  totals,
  notes: null,
  correctsInvoiceNumber: null,
  fxNote: true,
};

describe('the billing document', () => {
  const document = billingDocumentOf(invoice);

  it('writes dates and yen as each face reads them', () => {
    const issued = document.facts.find((fact) => fact.label.en === 'Issue date')!;
    expect(issued.value).toEqual({
      ja: '2026年11月26日',
      en: '26 Nov 2026',
      both: '2026年11月26日 / 2026-11-26',
    });
    expect(document.amountDue.value).toEqual({ ja: '￥493,670', en: 'JP¥493,670', both: '¥493,670' });
    const withholding = document.totals.find((row) => row.label.en === 'Withholding income tax')!;
    expect(withholding.amount.both).toBe('−¥30,630');
    expect(document.issuer.phone).toEqual({
      ja: 'TEL 03-5212-3456',
      en: 'Tel. +81 3 5212 3456',
      both: 'TEL 03-5212-3456',
    });
  });

  it('prints a label "日本語 / English" on the PDF and one language on a page', () => {
    expect(document.facts[2]!.label).toEqual({
      ja: '取引年月日',
      en: 'Transaction date',
      both: '取引年月日 / Transaction date',
    });
    expect(document.title.both).toBe('請求書 / INVOICE');
    expect(document.subtitle?.ja).toBe('適格請求書');
  });

  it('lists per rate the subtotal and its tax, then withholding and the amount to transfer', () => {
    expect(document.totals.map((row) => [row.label.ja, row.amount.ja])).toEqual([
      ['10%対象', '￥300,000'],
      ['10%対象 消費税', '￥30,000'],
      ['非課税対象', '￥14,000'],
      ['不課税対象', '￥180,300'],
      ['小計', '￥494,300'],
      ['消費税合計', '￥30,000'],
      ['合計', '￥524,300'],
      ['源泉徴収税額', '−￥30,630'],
      ['差引ご請求額（お振込金額）', '￥493,670'],
    ]);
  });

  it('names a missing registration number on an invoice, not on an estimate', () => {
    const issuer = { ...invoice.issuer, qualifiedInvoiceNumber: null };
    expect(billingDocumentOf({ ...invoice, issuer }).issuer.registration?.ja).toBe('登録番号の記載なし');
    const estimate = billingDocumentOf({
      ...invoice,
      kind: 'estimate',
      issuer,
      version: 1,
      title: '米国出願',
      date: '2026-11-20',
      validUntil: null,
    });
    expect(estimate.issuer.registration).toBeNull();
    expect(estimate.sections.map((section) => section.kind)).toEqual(['withholding', 'fx']);
  });

  it('has no Japanese on the English page but the data as entered', () => {
    const data = [
      '株式会社サンプル',
      '御中',
      '山田特許事務所',
      '東京都千代田区丸の内1-1-1',
      '放熱構造',
      '米国出願',
      '出願手数料',
      '印紙代',
      '米国代理人費用',
      'みずほ銀行 丸の内支店 普通 1234567',
    ];
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/u;
    const english = documentTexts(document, 'en').map((text) =>
      data.reduce((rest, entry) => rest.replaceAll(entry, ''), text),
    );
    expect(english.filter((text) => japanese.test(text))).toEqual([]);
    expect(documentTexts(document, 'ja')).toHaveLength(english.length);
  });
});
