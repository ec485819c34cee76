import type { DocumentText } from './document-text.js';

/** The columns of the line table, left to right. */
export const documentColumns = [
  'index',
  'description',
  'quantity',
  'unitPrice',
  'taxClass',
  'amount',
] as const;
export type DocumentColumn = (typeof documentColumns)[number];

export interface DocumentFact {
  label: DocumentText;
  value: DocumentText;
}

export interface DocumentLine {
  index: DocumentText;
  description: DocumentText;
  /** A foreign-currency line: its amount in that currency and the rate that converted it. */
  foreign: DocumentText | null;
  quantity: DocumentText;
  unitPrice: DocumentText;
  taxClass: DocumentText;
  amount: DocumentText;
}

export interface DocumentTotalRow {
  label: DocumentText;
  amount: DocumentText;
  /** The total and the amount to transfer stand out. */
  strong: boolean;
}

export interface DocumentSection {
  kind: 'bankAccount' | 'withholding' | 'fx' | 'notes';
  heading: DocumentText;
  body: DocumentText;
}

/**
 * Everything an estimate, invoice or credit note prints, in printing order, each text in its
 * three faces. The stored PDF (apps/api documents) and the print page (apps/web
 * billing-documents) both draw exactly these texts and nothing else of their own but the page
 * furniture (page numbers, status stamps), so the two cannot say different things.
 */
export interface BillingDocument {
  title: DocumentText;
  /** 適格請求書, or an estimate's version. */
  subtitle: DocumentText | null;
  /** Null on a draft. */
  number: string | null;
  recipient: {
    /** "株式会社サンプル 御中". */
    name: DocumentText;
    nameEn: DocumentText | null;
    address: DocumentText | null;
  };
  greeting: DocumentText;
  amountDue: DocumentFact;
  /** Number and dates, top right. */
  facts: DocumentFact[];
  issuer: {
    name: DocumentText;
    nameEn: DocumentText | null;
    address: DocumentText | null;
    phone: DocumentText | null;
    email: DocumentText | null;
    /** "登録番号 T…", or that there is none (invoices only). */
    registration: DocumentText | null;
  };
  subject: { label: DocumentText; lines: DocumentText[] } | null;
  columns: Record<DocumentColumn, DocumentText>;
  lines: DocumentLine[];
  /** Said in the table when there are no lines yet (a draft). */
  noLines: DocumentText | null;
  totals: DocumentTotalRow[];
  sections: DocumentSection[];
  /** Heads every further page of the PDF: "請求書 / INVOICE INV-…（続き / continued）". */
  continuation: DocumentText;
}
