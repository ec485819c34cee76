import {
  projectCsvRowCountHeader,
  projectEndpoints,
  translateDomainKey,
  type Locale,
} from '@ipportal/domain';
import { csvRows, csvStream, type CsvCell, type CsvRow } from '../../csv/writer.js';
import { requestLocale } from '../../http/locale.js';
import { sendCsv } from '../../http/send-csv.js';
import { route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { exportProjects, type ProjectCsvRow } from '../../repositories/projects/index.js';

/* The matter list as CSV for Excel, written by the one CSV writer (csv/writer.ts). */

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
 * GET /projects/csv in both namespaces: the whole filtered list view, streamed batch by batch
 * (100,000 matters are about 15 MB of text: never held whole in memory), with the row count in
 * a header before the first byte so the browser can show its progress.
 */
export const projectCsvRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    projectEndpoints.exportProjectsCsv,
    async ({ principal, query, request, reply }) => {
      const locale = requestLocale(request);
      const label = labeller(locale);
      const shown = query.group === 'family' ? [familyColumn, ...csvColumns] : csvColumns;
      const list = await exportProjects(app.db, principal, query);
      const header = shown.map((column) => label(`projectCsv.column.${column.key}`));
      const body = csvStream(header, list.batches(), csvRowOf(shown, label));
      return sendCsv(reply, body, `matters-${query.tab}`, {
        [projectCsvRowCountHeader]: String(list.count),
      });
    },
    { namespace },
  );
});
