import {
  documentColumns,
  type BillingDocument,
  type DocumentColumn,
  type DocumentLine,
} from '@ipportal/domain';
import { contentBottom, contentWidth, fillGray, gray, measure, page, put, ruleGray } from './pdf-layout.js';

interface Column {
  width: number;
  align: 'left' | 'right' | 'center';
}

const columns: Record<DocumentColumn, Column> = {
  index: { width: 24, align: 'center' },
  description: { width: 221, align: 'left' },
  quantity: { width: 45, align: 'right' },
  unitPrice: { width: 85, align: 'right' },
  taxClass: { width: 55, align: 'center' },
  amount: { width: 85, align: 'right' },
};
type ColumnName = DocumentColumn;
const order = documentColumns;

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

/** The header's two lines: each column's Japanese name, then (smaller, gray) its English one. */
function drawHeader(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  doc.rect(page.margin, y, contentWidth, headerHeight).fill(fillGray);
  for (const name of order) {
    const [ja = '', en] = document.columns[name].both.split('\n');
    cell(doc, name, ja, y + 3, 8);
    if (en) cell(doc, name, en, y + 13, 6.5, gray);
  }
  return y + headerHeight;
}

function rowHeight(doc: PDFKit.PDFDocument, line: DocumentLine): number {
  const width = columns.description.width - 2 * padding;
  let height = measure(doc, line.description.both, { size: bodySize, width });
  if (line.foreign) height += measure(doc, line.foreign.both, { size: smallSize, width }) + 1;
  return height + 2 * padding;
}

function drawRule(doc: PDFKit.PDFDocument, y: number): void {
  doc
    .moveTo(page.margin, y)
    .lineTo(page.margin + contentWidth, y)
    .lineWidth(0.5)
    .strokeColor(ruleGray)
    .stroke();
}

/**
 * The line table from `y`. A row that does not fit goes to a new page, which starts with the
 * table header again (and the document's continuation line); a row is never split.
 * Returns the y below the table on its last page.
 */
export function drawLineTable(doc: PDFKit.PDFDocument, document: BillingDocument, y: number): number {
  let top = drawHeader(doc, document, y);
  if (document.noLines) {
    top = put(doc, document.noLines.both, page.margin + padding, top + padding, {
      size: bodySize,
      width: contentWidth - 2 * padding,
    });
    drawRule(doc, top + padding);
    return top + padding;
  }
  for (const line of document.lines) {
    const height = rowHeight(doc, line);
    if (top + height > contentBottom) {
      doc.addPage();
      const afterTitle = put(doc, document.continuation.both, page.margin, page.margin, {
        size: 8,
        color: gray,
        width: contentWidth,
      });
      top = drawHeader(doc, document, afterTitle + 4);
    }
    const textY = top + padding;
    cell(doc, 'index', line.index.both, textY);
    const descriptionBottom = cell(doc, 'description', line.description.both, textY);
    if (line.foreign) cell(doc, 'description', line.foreign.both, descriptionBottom + 1, smallSize, gray);
    cell(doc, 'quantity', line.quantity.both, textY);
    cell(doc, 'unitPrice', line.unitPrice.both, textY);
    cell(doc, 'taxClass', line.taxClass.both, textY);
    cell(doc, 'amount', line.amount.both, textY);
    top += height;
    drawRule(doc, top);
  }
  return top;
}
