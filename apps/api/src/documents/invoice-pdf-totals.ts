import type { BillingDocument } from '@ipportal/domain';
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

const rowHeight = 15;
const totalsWidth = 250;
const totalsX = page.margin + contentWidth - totalsWidth;
const leftWidth = contentWidth - totalsWidth - 20;

const bodyStyle = { size: 8, color: gray, width: leftWidth };

/** The sections' headings and bodies; the bank account broken only between its parts. */
function leftTexts(doc: PDFKit.PDFDocument, document: BillingDocument): { heading: string; body: string }[] {
  return document.sections.map((section) => ({
    heading: section.heading.both,
    // Bank, branch, type, number and holder, separated by spaces: a line breaks between them only.
    body:
      section.kind === 'bankAccount' ? breakAtSpaces(doc, section.body.both, bodyStyle) : section.body.both,
  }));
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
export function drawTotalsAndNotes(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  const rows = document.totals;
  const texts = leftTexts(doc, document);
  const height = Math.max(rows.length * rowHeight, leftHeight(doc, texts));
  let top = y + 12;
  if (top + height > contentBottom && height <= contentBottom - page.margin) {
    doc.addPage();
    top = page.margin;
  }
  let rowTop = top;
  for (const row of rows) {
    if (row.strong) doc.rect(totalsX, rowTop, totalsWidth, rowHeight).fill(fillGray);
    const style = { size: row.strong ? 9 : 8.5, bold: row.strong };
    put(doc, row.label.both, totalsX + 4, rowTop + 3, { ...style, width: totalsWidth - 95 });
    put(doc, row.amount.both, totalsX + totalsWidth - 94, rowTop + 3, {
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
