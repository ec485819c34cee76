/**
 * One field of the CSV files the portal writes for Excel and accounting software: every field
 * quoted, quotes doubled. A text field that starts with = + - @ or a tab/CR gets an apostrophe so a
 * spreadsheet does not run it as a formula (CSV injection, OWASP); numbers (a credit note's
 * negative amount) stay numbers. Null and undefined are empty fields.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The byte order mark that makes Excel read the file as UTF-8 (Japanese text). */
export const csvBom = '\uFEFF';
