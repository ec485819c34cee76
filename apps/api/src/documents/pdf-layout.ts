/** A4 in points, and the page areas every document section shares. */
export const page = { width: 595.28, height: 841.89, margin: 40 } as const;
export const contentWidth = page.width - 2 * page.margin;
/** Content stops here; below it only the footer (page number) is printed. */
export const contentBottom = page.height - page.margin - 16;
export const footerY = page.height - page.margin + 6;

export const fontName = { regular: 'NotoSansJP-Regular', bold: 'NotoSansJP-Bold' } as const;
export const gray = '#555555';
export const ruleGray = '#999999';
export const fillGray = '#eeeeee';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** Sets the font for `style` and returns the height `text` takes in its width. */
export function measure(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  applyStyle(doc, style);
  return doc.heightOfString(text, { width: style.width, align: style.align ?? 'left' });
}

/**
 * Prints `text` at (x, y), wrapped in `style.width`, and returns the y below it. Callers keep
 * every block above `contentBottom` themselves, so pdfkit never breaks a page on its own.
 */
export function put(doc: PDFKit.PDFDocument, text: string, x: number, y: number, style: TextStyle): number {
  applyStyle(doc, style);
  doc.text(text, x, y, { width: style.width, align: style.align ?? 'left' });
  return doc.y;
}

/**
 * `text` with its lines broken only at spaces, where a line would not fit `style.width`. pdfkit
 * breaks Japanese between any two characters, which splits a word written in kana (a bank
 * account's holder) in the middle; text whose parts are separated by spaces reads whole this
 * way. A part wider than the whole width is still broken by pdfkit.
 */
export function breakAtSpaces(doc: PDFKit.PDFDocument, text: string, style: TextStyle): string {
  applyStyle(doc, style);
  return text
    .split('\n')
    .map((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        // A little slack: pdfkit wraps a line that fills the width to the last fraction of a point.
        if (line && doc.widthOfString(candidate) > style.width - 1) {
          lines.push(line);
          line = word;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
      return lines.join('\n');
    })
    .join('\n');
}

function applyStyle(doc: PDFKit.PDFDocument, style: TextStyle): void {
  doc
    .font(style.bold ? fontName.bold : fontName.regular)
    .fontSize(style.size)
    .fillColor(style.color ?? 'black');
}
