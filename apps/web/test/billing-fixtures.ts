import type { Deal, Invoice, InvoiceSummary, Payment, Counterparty, DealSummary } from '@ipportal/domain';

/** Estimates, invoices and payments as the billing endpoints answer them (shaped by the contract's schemas). */
export const billingIds = {
  projectId: '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01',
  requestId: 1,
  firmId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  otherFirmId: '4b1c2d3e-5f60-4718-8293-a4b5c6d7e8f9',
  clientId: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10',
  dealId: 'd0000000-0000-4000-8000-000000000001',
  invoiceId: 'e0000000-0000-4000-8000-000000000001',
};

const issuer = {
  id: billingIds.firmId,
  name: '山田特許事務所',
  nameEn: 'Yamada Patent Office',
  postalCode: '100-0005',
  address: '東京都千代田区丸の内1-1-1',
  qualifiedInvoiceNumber: 'T1234567890123',
  individual: true,
  bankAccount: 'みずほ銀行 丸の内支店 普通 1234567 ヤマダトツキヨジムシヨ',
  phoneNumber: '03-1234-5678',
  email: 'billing@yamada-patent.example',
};

const recipient = {
  id: billingIds.clientId,
  name: '株式会社サンプル',
  nameEn: 'Sample Co., Ltd.',
  postalCode: '150-0001',
  address: '東京都渋谷区神宮前1-2-3',
};

const subject = {
  projectId: billingIds.projectId,
  refrenceCode: 'P-2026-001',
  projectTitle: '放熱構造',
  requestId: billingIds.requestId,
  requestName: '米国出願の見積依頼',
};

/** ¥300,000 fee (10%), ¥14,000 official fee, USD 1,200 foreign agent at 150.25: withholding 10.21% of the fee. */
const lines = [
  {
    description: '米国出願手数料',
    quantity: '1',
    unitPrice: '300000',
    taxClass: 'taxable10' as const,
    currency: 'JPY',
    exchangeRate: null,
    foreignAmount: null,
    amountYen: 300_000,
  },
  {
    description: '印紙代',
    quantity: '1',
    unitPrice: '14000',
    taxClass: 'nonTaxable' as const,
    currency: 'JPY',
    exchangeRate: null,
    foreignAmount: null,
    amountYen: 14_000,
  },
  {
    description: '現地代理人費用',
    quantity: '2',
    unitPrice: '600.00',
    taxClass: 'outOfScope' as const,
    currency: 'USD',
    exchangeRate: '150.25',
    foreignAmount: '1200.00',
    amountYen: 180_300,
  },
];

const totals = {
  byTaxClass: [
    { taxClass: 'taxable10' as const, rate: 10, subtotal: 300_000, tax: 30_000 },
    { taxClass: 'nonTaxable' as const, rate: 0, subtotal: 14_000, tax: 0 },
    { taxClass: 'outOfScope' as const, rate: 0, subtotal: 180_300, tax: 0 },
  ],
  subtotal: 494_300,
  tax: 30_000,
  total: 524_300,
  withholdingBase: 300_000,
  withholding: 30_630,
  amountToTransfer: 493_670,
};

export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: billingIds.dealId,
    number: 'Q-2026-0007',
    version: 1,
    supersedesDealId: null,
    supersededByDealId: null,
    status: 'sent',
    title: '米国特許出願（放熱構造）',
    validUntil: '2026-12-31',
    notes: 'お支払いは請求書発行後にお願いします。',
    declineReason: null,
    withdrawReason: null,
    issuer,
    recipient,
    subject,
    lines,
    totals,
    fxNote: true,
    invoiceIds: [],
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    sentAt: '2026-11-20T01:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}

export function makeDealSummary(overrides: Partial<DealSummary> = {}): DealSummary {
  const deal = makeDeal();
  return {
    id: deal.id,
    number: deal.number,
    version: deal.version,
    status: deal.status,
    title: deal.title,
    subject,
    firm: { id: billingIds.firmId, name: issuer.name },
    client: { id: billingIds.clientId, name: recipient.name },
    total: totals.total,
    validUntil: deal.validUntil,
    createdAt: deal.createdAt,
    sentAt: deal.sentAt,
    decidedAt: null,
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: billingIds.invoiceId,
    kind: 'invoice',
    number: 'INV-2026-0012',
    status: 'issued',
    dealId: billingIds.dealId,
    correctsInvoice: null,
    correctedBy: [],
    issueDate: '2026-11-26',
    transactionDate: '2026-11-25',
    dueDate: '2026-12-31',
    notes: null,
    voidReason: null,
    voidedAt: null,
    issuer,
    recipient,
    subject,
    lines,
    totals,
    fxNote: true,
    paidAmount: 0,
    pendingAmount: 0,
    balance: totals.amountToTransfer,
    overdue: false,
    paidAt: null,
    hasPdf: true,
    payments: [],
    createdAt: '2026-11-25T01:00:00.000Z',
    updatedAt: '2026-11-26T01:00:00.000Z',
    issuedAt: '2026-11-26T01:00:00.000Z',
    ...overrides,
  };
}

export function makeInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: billingIds.invoiceId,
    kind: 'invoice',
    number: 'INV-2026-0012',
    status: 'issued',
    subject,
    firm: { id: billingIds.firmId, name: issuer.name },
    client: { id: billingIds.clientId, name: recipient.name },
    issueDate: '2026-11-26',
    dueDate: '2026-12-31',
    total: totals.total,
    withholding: totals.withholding,
    amountToTransfer: totals.amountToTransfer,
    paidAmount: 0,
    pendingAmount: 0,
    balance: totals.amountToTransfer,
    overdue: false,
    withholdingBase: totals.withholdingBase,
    createdAt: '2026-11-25T01:00:00.000Z',
    ...overrides,
  };
}

export function makeCounterparty(overrides: Partial<Counterparty> = {}): Counterparty {
  return { id: billingIds.firmId, name: issuer.name, kind: 'firm', individual: true, ...overrides };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    firm: { id: billingIds.firmId, name: issuer.name },
    client: { id: billingIds.clientId, name: recipient.name },
    recordedBy: 'client',
    status: 'recorded',
    paidOn: '2026-11-27',
    amount: totals.amountToTransfer,
    remitterName: 'カ）サンプル',
    bankFeeBorneBy: 'payer',
    note: null,
    allocations: [
      { invoiceId: billingIds.invoiceId, invoiceNumber: 'INV-2026-0012', amount: totals.amountToTransfer },
    ],
    unallocated: 0,
    createdAt: '2026-11-27T01:00:00.000Z',
    recordedByUser: { id: billingIds.clientId, name: 'Hanako Yamada' },
    confirmedAt: null,
    confirmedBy: null,
    ...overrides,
  };
}
