import { taxClassLabel, type ComputedLine } from '@ipportal/domain';
import { documentYen, groupedDecimal } from './document-format.js';
import { contentBottom, contentWidth, fillGray, gray, measure, page, put, ruleGray } from './pdf-layout.js';

interface Column {
  ja: string;
  en: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const columns = {
  index: { ja: 'No.', en: '', width: 24, align: 'center' },
  description: { ja: '内容', en: 'Description', width: 221, align: 'left' },
  quantity: { ja: '数量', en: 'Qty', width: 45, align: 'right' },
  unitPrice: { ja: '単価', en: 'Unit price', width: 85, align: 'right' },
  taxClass: { ja: '税区分', en: 'Tax', width: 55, align: 'center' },
  amount: { ja: '金額（円）', en: 'Amount (JPY)', width: 85, align: 'right' },
} satisfies Record<string, Column>;
type ColumnName = keyof typeof columns;
const order: ColumnName[] = ['index', 'description', 'quantity', 'unitPrice', 'taxClass', 'amount'];

const padding = 4;
const bodySize = 8.5;
const smallSize = 7;
const headerHeight = 24;

function columnX(name: ColumnName): number {
  let x = page.margin;
  for (const column of order) {
    if (column === name) return x;
    x += columns[column].width;
  }
  return x;
}

function cell(
  doc: PDFKit.PDFDocument,
  name: ColumnName,
  text: string,
  y: number,
  size = bodySize,
  color?: string,
) {
  const column = columns[name];
  return put(doc, text, columnX(name) + padding, y, {
    size,
    width: column.width - 2 * padding,
    align: column.align,
    ...(color ? { color } : {}),
  });
}

function drawHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(page.margin, y, contentWidth, headerHeight).fill(fillGray);
  for (const name of order) {
    const column = columns[name];
    cell(doc, name, column.ja, y + 3, 8);
    if (column.en) cell(doc, name, column.en, y + 13, 6.5, gray);
  }
  return y + headerHeight;
}

function unitPriceText(line: ComputedLine): string {
  return line.currency === 'JPY'
    ? documentYen(Number(line.unitPrice))
    : `${line.currency} ${groupedDecimal(line.unitPrice)}`;
}

/** The second text of a foreign line: its amount in the currency and the rate that converted it. */
function foreignText(line: ComputedLine): string {
  return `外貨金額 / Foreign amount: ${line.currency} ${groupedDecimal(line.foreignAmount ?? '0')} × ${line.exchangeRate} JPY/${line.currency}`;
}

function rowHeight(doc: PDFKit.PDFDocument, line: ComputedLine): number {
  const width = columns.description.width - 2 * padding;
  let height = measure(doc, line.description, { size: bodySize, width });
  if (line.currency !== 'JPY') height += measure(doc, foreignText(line), { size: smallSize, width }) + 1;
  return height + 2 * padding;
}

/**
 * The line table from `y`. A row that does not fit goes to a new page, which starts with the
 * table header again (and `continuation`, the document's title and number); a row is never split.
 * Returns the y below the table on its last page.
 */
export function drawLineTable(
  doc: PDFKit.PDFDocument,
  lines: readonly ComputedLine[],
  y: number,
  continuation: string,
): number {
  let top = drawHeader(doc, y);
  lines.forEach((line, index) => {
    const height = rowHeight(doc, line);
    if (top + height > contentBottom) {
      doc.addPage();
      const afterTitle = put(doc, continuation, page.margin, page.margin, {
        size: 8,
        color: gray,
        width: contentWidth,
      });
      top = drawHeader(doc, afterTitle + 4);
    }
    const textY = top + padding;
    cell(doc, 'index', String(index + 1), textY);
    const descriptionBottom = cell(doc, 'description', line.description, textY);
    if (line.currency !== 'JPY')
      cell(doc, 'description', foreignText(line), descriptionBottom + 1, smallSize, gray);
    cell(doc, 'quantity', groupedDecimal(line.quantity), textY);
    cell(doc, 'unitPrice', unitPriceText(line), textY);
    cell(doc, 'taxClass', taxClassLabel[line.taxClass].ja, textY);
    cell(doc, 'amount', documentYen(line.amountYen), textY);
    top += height;
    doc
      .moveTo(page.margin, top)
      .lineTo(page.margin + contentWidth, top)
      .lineWidth(0.5)
      .strokeColor(ruleGray)
      .stroke();
  });
  return top;
}
