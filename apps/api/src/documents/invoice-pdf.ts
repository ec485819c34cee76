import { billingDocumentOf, type BillingDocument, type InvoiceDocumentInput } from '@ipportal/domain';
import PDFDocument from 'pdfkit';
import { drawLineTable } from './invoice-pdf-table.js';
import { drawTotalsAndNotes } from './invoice-pdf-totals.js';
import type { InvoicePdfInput } from './invoice-pdf-input.js';
import { contentWidth, fontName, footerY, gray, page, put } from './pdf-layout.js';
import { pdfFonts } from './pdf-fonts.js';

const columnGap = 20;
const leftWidth = 270;
const rightX = page.margin + leftWidth + columnGap;
const rightWidth = contentWidth - leftWidth - columnGap;

function documentInputOf(input: InvoicePdfInput): InvoiceDocumentInput {
  return {
    kind: input.kind,
    number: input.number,
    issueDate: input.issueDate,
    transactionDate: input.transactionDate,
    dueDate: input.dueDate,
    issuer: input.issuer,
    recipient: input.recipient,
    subject: input.subject,
    lines: input.totals.lines,
    totals: input.totals,
    notes: input.notes,
    correctsInvoiceNumber: input.correctsInvoiceNumber,
    fxNote: input.fxNote,
  };
}

/**
 * An A4 Japanese 請求書 (or 適格返還請求書) with the qualified-invoice items (消費税法 Art. 57-4)
 * and bilingual labels, Japanese first: the PDF is stored once at issue and read in both
 * languages. It prints the `both` face of the domain's billing document, which the print page
 * shows too, and nothing else but page numbers. The same input gives the same bytes (the
 * metadata dates come from the issue date), so a stored invoice can be checked against its data
 * years later.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const fonts = await pdfFonts();
  const document = billingDocumentOf(documentInputOf(input));
  const issued = new Date(`${input.issueDate}T00:00:00+09:00`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    bufferPages: true,
    lang: 'ja-JP',
    displayTitle: true,
    info: {
      Title: `${document.title.both} ${input.number}`,
      Author: input.issuer.name,
      Subject: input.subject ? `${input.subject.refrenceCode} ${input.subject.projectTitle}` : '',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(fontName.regular, fonts.regular);
  doc.registerFont(fontName.bold, fonts.bold);

  let y = put(doc, document.title.both, page.margin, page.margin, {
    size: 18,
    bold: true,
    width: contentWidth,
    align: 'center',
  });
  if (document.subtitle)
    y = put(doc, document.subtitle.both, page.margin, y, {
      size: 9,
      color: gray,
      width: contentWidth,
      align: 'center',
    });
  y += 14;
  const leftBottom = drawRecipient(doc, document, y);
  const rightBottom = drawIssuer(doc, document, drawDocumentFacts(doc, document, y) + 10);
  y = Math.max(leftBottom, rightBottom) + 14;
  y = drawSubject(doc, document, y);
  y = drawLineTable(doc, document, y + 6);
  drawTotalsAndNotes(doc, document, y);
  drawPageNumbers(doc, input.number);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Top left: the recipient (御中) and the amount asked for. */
function drawRecipient(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  const party = document.recipient;
  let bottom = put(doc, party.name.both, page.margin, y, { size: 13, bold: true, width: leftWidth });
  if (party.nameEn)
    bottom = put(doc, party.nameEn.both, page.margin, bottom, { size: 9, color: gray, width: leftWidth });
  if (party.address)
    bottom = put(doc, party.address.both, page.margin, bottom + 2, { size: 8.5, width: leftWidth });
  doc
    .moveTo(page.margin, bottom + 3)
    .lineTo(page.margin + leftWidth, bottom + 3)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  bottom = put(doc, document.greeting.both, page.margin, bottom + 10, { size: 8.5, width: leftWidth });
  const boxTop = bottom + 6;
  doc.rect(page.margin, boxTop, leftWidth, 30).lineWidth(1).strokeColor('black').stroke();
  put(doc, document.amountDue.label.both, page.margin + 8, boxTop + 10, { size: 9, bold: true, width: 130 });
  put(doc, document.amountDue.value.both, page.margin + 130, boxTop + 6, {
    size: 15,
    bold: true,
    width: leftWidth - 138,
    align: 'right',
  });
  return boxTop + 30;
}

/** Top right: number and dates, each label in both languages. */
function drawDocumentFacts(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  let bottom = y;
  for (const fact of document.facts) {
    put(doc, fact.label.both, rightX, bottom, { size: 7.5, color: gray, width: 105 });
    bottom =
      put(doc, fact.value.both, rightX + 105, bottom, { size: 8, width: rightWidth - 105, align: 'right' }) +
      1;
  }
  return bottom;
}

/** Below the facts: the issuer with its registration number. */
function drawIssuer(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  const issuer = document.issuer;
  let bottom = put(doc, issuer.name.both, rightX, y, { size: 10.5, bold: true, width: rightWidth });
  if (issuer.nameEn)
    bottom = put(doc, issuer.nameEn.both, rightX, bottom, { size: 8, color: gray, width: rightWidth });
  if (issuer.address)
    bottom = put(doc, issuer.address.both, rightX, bottom + 2, { size: 8, width: rightWidth });
  const contacts = [issuer.phone?.both ?? '', issuer.email?.both ?? ''].filter(Boolean);
  if (contacts.length > 0)
    bottom = put(doc, contacts.join('  '), rightX, bottom, { size: 8, width: rightWidth });
  if (issuer.registration) {
    bottom = put(doc, issuer.registration.both, rightX, bottom + 3, {
      size: 8.5,
      bold: true,
      width: rightWidth,
    });
  }
  return bottom;
}

function drawSubject(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  if (!document.subject) return y;
  const subject = document.subject;
  put(doc, subject.label.both, page.margin, y, { size: 8, color: gray, width: 80 });
  return put(doc, subject.lines.map((line) => line.both).join('\n'), page.margin + 80, y, {
    size: 9,
    width: contentWidth - 80,
  });
}

function drawPageNumbers(doc: PDFKit.PDFDocument, number: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // The footer is below the content area; without the bottom margin pdfkit does not treat
    // text there as overflowing into a new page.
    doc.page.margins.bottom = 0;
    doc.font(fontName.regular).fontSize(7.5).fillColor(gray);
    doc.text(number, page.margin, footerY, { lineBreak: false });
    doc.text(`${index - start + 1} / ${count}`, page.margin, footerY, {
      width: contentWidth,
      align: 'right',
      lineBreak: false,
    });
  }
}
