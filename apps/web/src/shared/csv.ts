import { saveFile } from './save-file';

/**
 * CSV for Excel: UTF-8 with a byte order mark (Excel then reads Japanese correctly), CRLF line
 * ends, every field quoted. A field that starts with = + - @ or a tab/CR is prefixed with an
 * apostrophe so a spreadsheet does not run it as a formula (CSV injection, OWASP).
 */
export const csvBom = '\uFEFF';

const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return csvBom + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(filename, new Blob([text], { type }));
}
