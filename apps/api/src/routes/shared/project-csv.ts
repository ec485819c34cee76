import { Readable } from 'node:stream';
import {
  projectCsvRowCountHeader,
  projectEndpoints,
  todayInJapan,
  translateDomainKey,
  type Locale,
} from '@ipportal/domain';
import { csvBom, csvField } from '../../http/csv.js';
import { requestLocale } from '../../http/locale.js';
import { route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { exportProjects, type ProjectCsvRow } from '../../repositories/projects/index.js';

/*
 * CSV for Excel, as the web list wrote it in the browser before: UTF-8 with a byte order mark
 * (Excel then reads Japanese correctly), CRLF line ends, every field quoted and guarded against
 * formulas (`csvField`).
 */

interface CsvColumn {
  key: string;
  value: (project: ProjectCsvRow, label: (key: string) => string) => string | number | null;
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

/** The CSV text of one batch of rows. */
export function csvLines(
  rows: readonly ProjectCsvRow[],
  shown: readonly CsvColumn[],
  label: (key: string) => string,
): string {
  let out = '';
  for (const project of rows) {
    out += shown.map((column) => csvField(column.value(project, label))).join(',') + '\r\n';
  }
  return out;
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
      const header = shown.map((column) => csvField(label(`projectCsv.column.${column.key}`))).join(',');
      const body = Readable.from(
        (async function* () {
          yield Buffer.from(`${csvBom}${header}\r\n`, 'utf8');
          for await (const batch of list.batches()) yield Buffer.from(csvLines(batch, shown, label), 'utf8');
        })(),
        { objectMode: false },
      );
      const stamp = todayInJapan().replace(/-/g, '');
      return reply
        .header('cache-control', 'private, no-store')
        .header(projectCsvRowCountHeader, String(list.count))
        .header('access-control-expose-headers', `${projectCsvRowCountHeader}, content-disposition`)
        .header('content-disposition', `attachment; filename="matters-${query.tab}-${stamp}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(body);
    },
    { namespace },
  );
});
