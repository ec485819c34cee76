import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import PDFDocument from 'pdfkit';
import { documentDate, documentYen } from './document-format.js';
import { drawLineTable } from './invoice-pdf-table.js';
import { drawTotalsAndNotes, showsWithholding } from './invoice-pdf-totals.js';
import type { InvoicePdfInput, InvoicePdfParty } from './invoice-pdf-input.js';
import { contentWidth, fontName, footerY, gray, page, put } from './pdf-layout.js';
import { pdfFonts } from './pdf-fonts.js';

const titles = {
  invoice: {
    ja: '請求書',
    en: 'INVOICE',
    number: '請求書番号 / Invoice No.',
    due: 'ご請求金額 / Amount due',
  },
  creditNote: {
    ja: '適格返還請求書',
    en: 'CREDIT NOTE',
    number: '返還請求書番号 / Credit note No.',
    due: '返還額 / Amount credited',
  },
} as const;

const columnGap = 20;
const leftWidth = 270;
const rightX = page.margin + leftWidth + columnGap;
const rightWidth = contentWidth - leftWidth - columnGap;

/**
 * An A4 Japanese 請求書 (or 適格返還請求書) with the qualified-invoice items (消費税法 Art. 57-4)
 * and bilingual labels, Japanese first: the PDF is stored once at issue and read in both
 * languages. The same input gives the same bytes (the metadata dates come from the issue date),
 * so a stored invoice can be checked against its data years later.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const fonts = await pdfFonts();
  const title = titles[input.kind];
  const issued = new Date(`${input.issueDate}T00:00:00+09:00`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    bufferPages: true,
    lang: 'ja-JP',
    displayTitle: true,
    info: {
      Title: `${title.ja} / ${title.en} ${input.number}`,
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

  let y = put(doc, `${title.ja} / ${title.en}`, page.margin, page.margin, {
    size: 18,
    bold: true,
    width: contentWidth,
    align: 'center',
  });
  y += 14;
  const leftBottom = drawRecipient(doc, input, y);
  const rightBottom = drawIssuer(doc, input, drawDocumentFacts(doc, input, y) + 10);
  y = Math.max(leftBottom, rightBottom) + 14;
  y = drawSubject(doc, input, y);
  const continuation = `${title.ja} / ${title.en} ${input.number}（続き / continued）`;
  y = drawLineTable(doc, input.totals.lines, y + 6, continuation);
  drawTotalsAndNotes(doc, input, y);
  drawPageNumbers(doc, input.number);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function postalLines(party: InvoicePdfParty): string[] {
  const lines: string[] = [];
  if (party.postalCode || party.address) {
    lines.push(
      [party.postalCode ? `〒${party.postalCode}` : '', party.address ?? ''].filter(Boolean).join(' '),
    );
  }
  return lines;
}

/** Top left: the recipient (御中) and the amount asked for. */
function drawRecipient(doc: PDFKit.PDFDocument, input: InvoicePdfInput, y: number): number {
  const party = input.recipient;
  let bottom = put(doc, `${party.name} 御中`, page.margin, y, { size: 13, bold: true, width: leftWidth });
  if (party.nameEn)
    bottom = put(doc, party.nameEn, page.margin, bottom, { size: 9, color: gray, width: leftWidth });
  for (const line of postalLines(party))
    bottom = put(doc, line, page.margin, bottom + 2, { size: 8.5, width: leftWidth });
  doc
    .moveTo(page.margin, bottom + 3)
    .lineTo(page.margin + leftWidth, bottom + 3)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  const lead =
    input.kind === 'invoice'
      ? '下記のとおりご請求申し上げます。 / Please find our invoice below.'
      : '下記のとおり返還いたします。 / We credit you as follows.';
  bottom = put(doc, lead, page.margin, bottom + 10, { size: 8.5, width: leftWidth });
  const amount = showsWithholding(input.totals) ? input.totals.amountToTransfer : input.totals.total;
  const boxTop = bottom + 6;
  doc.rect(page.margin, boxTop, leftWidth, 30).lineWidth(1).strokeColor('black').stroke();
  put(doc, titles[input.kind].due, page.margin + 8, boxTop + 10, { size: 9, bold: true, width: 130 });
  put(doc, documentYen(amount), page.margin + 130, boxTop + 6, {
    size: 15,
    bold: true,
    width: leftWidth - 138,
    align: 'right',
  });
  return boxTop + 30;
}

/** Top right: number and dates, each label in both languages. */
function drawDocumentFacts(doc: PDFKit.PDFDocument, input: InvoicePdfInput, y: number): number {
  const facts: [string, string][] = [
    [titles[input.kind].number, input.number],
    ['発行日 / Issue date', documentDate(input.issueDate)],
    ['取引日 / Transaction date', documentDate(input.transactionDate)],
    ['お支払期限 / Due date', documentDate(input.dueDate)],
  ];
  if (input.correctsInvoiceNumber) facts.push(['訂正対象 / Corrects invoice', input.correctsInvoiceNumber]);
  let bottom = y;
  for (const [label, value] of facts) {
    put(doc, label, rightX, bottom, { size: 7.5, color: gray, width: 105 });
    bottom = put(doc, value, rightX + 105, bottom, { size: 8, width: rightWidth - 105, align: 'right' }) + 1;
  }
  return bottom;
}

/**
 * A stored number (E.164) as a Japanese document prints it: a Japanese number in the domestic
 * form, hyphenated by its area code (+81352123456 reads 03-5212-3456); others internationally.
 */
function domesticPhoneNumber(value: string): string {
  const number = parsePhoneNumberFromString(value);
  if (!number) return value;
  return number.country === 'JP' ? number.formatNational() : number.formatInternational();
}

/** Below the facts: the issuer with its registration number. */
function drawIssuer(doc: PDFKit.PDFDocument, input: InvoicePdfInput, y: number): number {
  const issuer = input.issuer;
  let bottom = put(doc, issuer.name, rightX, y, { size: 10.5, bold: true, width: rightWidth });
  if (issuer.nameEn)
    bottom = put(doc, issuer.nameEn, rightX, bottom, { size: 8, color: gray, width: rightWidth });
  for (const line of postalLines(issuer))
    bottom = put(doc, line, rightX, bottom + 2, { size: 8, width: rightWidth });
  const contacts = [
    issuer.phoneNumber ? `TEL ${domesticPhoneNumber(issuer.phoneNumber)}` : '',
    issuer.email ?? '',
  ].filter(Boolean);
  if (contacts.length > 0)
    bottom = put(doc, contacts.join('  '), rightX, bottom, { size: 8, width: rightWidth });
  if (issuer.qualifiedInvoiceNumber) {
    bottom = put(doc, `登録番号 / Registration No.  ${issuer.qualifiedInvoiceNumber}`, rightX, bottom + 3, {
      size: 8.5,
      bold: true,
      width: rightWidth,
    });
  }
  return bottom;
}

function drawSubject(doc: PDFKit.PDFDocument, input: InvoicePdfInput, y: number): number {
  if (!input.subject) return y;
  const subject = input.subject;
  put(doc, '件名 / Subject', page.margin, y, { size: 8, color: gray, width: 80 });
  return put(
    doc,
    `${subject.refrenceCode}  ${subject.projectTitle}\n依頼 / Request #${subject.requestNumber}  ${subject.requestName}`,
    page.margin + 80,
    y,
    { size: 9, width: contentWidth - 80 },
  );
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
