import type { Readable } from 'node:stream';
import { translateDomainKey, type Locale } from '@ipportal/domain';
import type { ProjectCsvRow, ProjectExport } from '../repositories/projects/index.js';
import { csvRows, csvStream, type CsvCell, type CsvRow } from './writer.js';

/*
 * The matter list as CSV for Excel (GET /projects/csv): the list's columns in the caller's
 * language, the family first when the list is grouped by it.
 */

interface CsvColumn {
  key: string;
  value: (project: ProjectCsvRow, label: (key: string) => string) => CsvCell;
}

/** The list's columns in its order; codes as the interface names them, dates as ISO text. */
export const csvColumns: readonly CsvColumn[] = [
  { key: 'refrenceCode', value: (p) => p.refrenceCode },
  { key: 'type', value: (p, label) => label(`code.caseType.${p.type}`) },
  { key: 'region', value: (p, label) => label(`region.${p.regionCode}`) },
  { key: 'title', value: (p) => p.title },
  { key: 'status', value: (p, label) => label(`code.progressStatus.${p.status}`) },
  { key: 'applicationCode', value: (p) => p.applicationCode },
  { key: 'applicationDate', value: (p) => p.applicationDate },
  { key: 'registCode', value: (p) => p.registCode },
  { key: 'requestCount', value: (p) => p.requestCount },
  { key: 'updateDate', value: (p) => p.updateDate },
];
export const familyColumn: CsvColumn = { key: 'family', value: (p) => p.family };

function labeller(locale: Locale): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let text = cache.get(key);
    if (text === undefined) cache.set(key, (text = translateDomainKey(locale, key) ?? ''));
    return text;
  };
}

/** One matter's row in the shown columns. */
export function csvRowOf(
  shown: readonly CsvColumn[],
  label: (key: string) => string,
): (project: ProjectCsvRow) => CsvRow {
  return (project) => shown.map((column) => column.value(project, label));
}

/** The CSV text of one batch of rows. */
export function csvLines(
  rows: readonly ProjectCsvRow[],
  shown: readonly CsvColumn[],
  label: (key: string) => string,
): string {
  return csvRows(rows.map(csvRowOf(shown, label)));
}

/**
 * The whole filtered list view, written batch by batch as the batches are read (100,000 matters
 * are about 15 MB of text: never held whole in memory).
 */
export function mattersCsv(list: ProjectExport, options: { grouped: boolean; locale: Locale }): Readable {
  const label = labeller(options.locale);
  const shown = options.grouped ? [familyColumn, ...csvColumns] : csvColumns;
  const header = shown.map((column) => label(`projectCsv.column.${column.key}`));
  return csvStream(header, list.batches(), csvRowOf(shown, label));
}
