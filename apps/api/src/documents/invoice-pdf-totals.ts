import { taxClassLabel, type TaxClassTotal, type Totals } from '@ipportal/domain';
import { documentYen } from './document-format.js';
import {
  breakAtSpaces,
  contentBottom,
  contentWidth,
  fillGray,
  gray,
  measure,
  page,
  put,
} from './pdf-layout.js';
import type { InvoicePdfInput } from './invoice-pdf-input.js';

interface TotalRow {
  label: string;
  amount: number;
  strong?: boolean;
}

const rowHeight = 15;
const totalsWidth = 250;
const totalsX = page.margin + contentWidth - totalsWidth;
const leftWidth = contentWidth - totalsWidth - 20;

/** The "per rate" items of a qualified invoice (消費税法 Art. 57-4(1)(v)): subtotal, then tax. */
function classRows(entry: TaxClassTotal): TotalRow[] {
  const label = taxClassLabel[entry.taxClass];
  if (entry.rate === 0) return [{ label: `${label.ja}対象 / ${label.en} subtotal`, amount: entry.subtotal }];
  return [
    { label: `${entry.rate}%対象 / Subtotal at ${entry.rate}%`, amount: entry.subtotal },
    { label: `消費税（${entry.rate}%） / Consumption tax ${entry.rate}%`, amount: entry.tax },
  ];
}

/** Withholding shows when the issuer is an individual attorney whose fees are on this invoice. */
export function showsWithholding(totals: Totals): boolean {
  return totals.withholdingBase !== 0 || totals.withholding !== 0;
}

function totalRows(totals: Totals): TotalRow[] {
  const rows = totals.byTaxClass.flatMap(classRows);
  rows.push({ label: '小計 / Subtotal', amount: totals.subtotal });
  rows.push({ label: '消費税合計 / Total consumption tax', amount: totals.tax });
  rows.push({ label: '合計 / Total', amount: totals.total, strong: true });
  if (showsWithholding(totals)) {
    rows.push({ label: '源泉徴収税額 / Withholding income tax', amount: -totals.withholding });
    rows.push({ label: '差引ご請求額 / Amount to transfer', amount: totals.amountToTransfer, strong: true });
  }
  return rows;
}

const bodyStyle = { size: 8, color: gray, width: leftWidth };

function leftTexts(doc: PDFKit.PDFDocument, input: InvoicePdfInput): { heading: string; body: string }[] {
  const texts: { heading: string; body: string }[] = [];
  // Bank, branch, type, number and holder, separated by spaces: a line breaks between them only.
  if (input.issuer.bankAccount) {
    texts.push({
      heading: 'お振込先 / Bank account',
      body: breakAtSpaces(doc, input.issuer.bankAccount, bodyStyle),
    });
  }
  if (showsWithholding(input.totals)) {
    texts.push({
      heading: '源泉徴収 / Withholding',
      body:
        '源泉徴収税額は、消費税・官庁費用・外国費用を除く報酬額に対して計算しています（所得税法第204条・第205条）。\n' +
        'Withholding income tax is computed on the fees without consumption tax, official fees and foreign costs.',
    });
  }
  if (input.fxNote) {
    texts.push({
      heading: '外貨建て費用 / Foreign-currency items',
      body:
        '外貨建ての項目は記載の為替レートで円換算しています。官庁費用および為替レートは変動することがあります。\n' +
        'Foreign-currency items are converted at the rates shown. Official fees and exchange rates may change.',
    });
  }
  if (input.notes) texts.push({ heading: '備考 / Notes', body: input.notes });
  return texts;
}

function leftHeight(doc: PDFKit.PDFDocument, texts: { heading: string; body: string }[]): number {
  return texts.reduce(
    (sum, text) =>
      sum +
      measure(doc, text.heading, { size: 8.5, bold: true, width: leftWidth }) +
      measure(doc, text.body, bodyStyle) +
      8,
    0,
  );
}

/**
 * Totals on the right, payment details and notes on the left, from `y` (on a new page when they
 * do not fit below the table). Returns the y below both.
 */
export function drawTotalsAndNotes(doc: PDFKit.PDFDocument, input: InvoicePdfInput, y: number): number {
  const rows = totalRows(input.totals);
  const texts = leftTexts(doc, input);
  const height = Math.max(rows.length * rowHeight, leftHeight(doc, texts));
  let top = y + 12;
  if (top + height > contentBottom && height <= contentBottom - page.margin) {
    doc.addPage();
    top = page.margin;
  }
  let rowTop = top;
  for (const row of rows) {
    if (row.strong) doc.rect(totalsX, rowTop, totalsWidth, rowHeight).fill(fillGray);
    const style = { size: row.strong ? 9 : 8.5, bold: row.strong ?? false };
    put(doc, row.label, totalsX + 4, rowTop + 3, { ...style, width: totalsWidth - 95 });
    put(doc, documentYen(row.amount), totalsX + totalsWidth - 94, rowTop + 3, {
      ...style,
      width: 90,
      align: 'right',
    });
    rowTop += rowHeight;
  }
  let textTop = top;
  for (const text of texts) {
    textTop = put(doc, text.heading, page.margin, textTop, { size: 8.5, bold: true, width: leftWidth });
    textTop = put(doc, text.body, page.margin, textTop + 1, bodyStyle) + 7;
  }
  return Math.max(rowTop, textTop);
}
