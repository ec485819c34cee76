/**
 * The characters that make a spreadsheet run a CSV cell's text as a formula (OWASP "CSV
 * injection"): = + - @, a tab or a CR, and the full-width ＝ ＋ － ＠ that Apple Numbers folds to
 * them. The API's writer guards them through csv-stringify's `escape_formulas`
 * (apps/api/src/csv/writer.ts, whose test checks it against this list); the web's own CSV
 * (apps/web/src/shared/csv.ts) guards them with `guardCsvFormula`.
 */
export const csvFormulaStarts: readonly string[] = [
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
];

/**
 * Text that starts with one of `csvFormulaStarts` gets an apostrophe in front, which the
 * spreadsheet shows as text; other text is returned as it is. Only for text: a number such as
 * a credit note's -165000 is written unguarded so that it stays a number.
 */
export function guardCsvFormula(text: string): string {
  return csvFormulaStarts.some((start) => text.startsWith(start)) ? `'${text}` : text;
}
