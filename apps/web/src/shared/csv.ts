import { guardCsvFormula } from '@ipportal/domain';
import { saveFile } from './save-file';

/**
 * CSV for Excel: UTF-8 with a byte order mark (Excel then reads Japanese correctly), CRLF line
 * ends, every field quoted. Text that a spreadsheet would run as a formula gets an apostrophe
 * (the domain's `guardCsvFormula`, the same list the API's writer guards); numbers stay numbers.
 */
export const csvBom = '\uFEFF';

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'string' ? guardCsvFormula(value) : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return csvBom + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(filename, new Blob([text], { type }));
}
