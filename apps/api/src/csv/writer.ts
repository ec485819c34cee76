import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify/sync';

/*
 * The one CSV writer of the API's exports (matters, estimates, invoices, the annuity forecast),
 * for Excel and the accounting importers (freee, Money Forward):
 * - UTF-8 with a byte order mark: Excel reads the encoding from it (Japanese text);
 * - CRLF after every row, the last one too;
 * - every field quoted, quotes doubled (RFC 4180); null and undefined are empty fields;
 * - a text field that starts with = + - @, a tab or a CR (or the full-width ＝ ＋ － ＠ that
 *   Apple Numbers folds to them) gets an apostrophe, so a spreadsheet does not run it as a
 *   formula (CSV injection, OWASP); numbers stay numbers (a credit note's negative amount).
 *   These are the domain's `csvFormulaStarts`, which the web's own CSV guards as well; the
 *   writer's test holds csv-stringify to that list.
 * csv-stringify does the quoting and the guard (docs/adr/0046-one-csv-writer.md).
 */

export type CsvCell = string | number | null | undefined;
export type CsvRow = readonly CsvCell[];

/** The byte order mark that makes Excel read the file as UTF-8. */
export const csvBom = '\uFEFF';

/** A fresh object per call: csv-stringify writes its defaults into the options it is given. */
const rowOptions = (): Options => ({
  quoted: true,
  quoted_empty: true,
  escape_formulas: true,
  record_delimiter: 'windows',
});

/** Rows as CSV text, each ending in CRLF, without the byte order mark. */
export function csvRows(rows: readonly CsvRow[]): string {
  return rows.length === 0 ? '' : stringify(rows as CsvRow[], rowOptions());
}

/** A whole file held in memory: the byte order mark, the header, then the rows. */
export function csvFile(header: CsvRow, rows: readonly CsvRow[]): Buffer {
  return Buffer.from(`${csvBom}${csvRows([header, ...rows])}`, 'utf8');
}

/**
 * A file written batch by batch as the batches are read (a large export is never held whole):
 * the byte order mark and the header first, then each batch's rows.
 */
export function csvStream<T>(
  header: CsvRow,
  batches: AsyncIterable<readonly T[]>,
  toRow: (item: T) => CsvRow,
): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(`${csvBom}${csvRows([header])}`, 'utf8');
      for await (const batch of batches) yield Buffer.from(csvRows(batch.map(toRow)), 'utf8');
    })(),
    { objectMode: false },
  );
}
