import { projectCsvRowCountHeader, projectEndpoints } from '@ipportal/domain';
import { mattersCsv } from '../../csv/matters.js';
import { requestLocale } from '../../http/locale.js';
import { route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { sendCsv } from '../../http/send-csv.js';
import { exportProjects } from '../../repositories/projects/index.js';

/**
 * GET /projects/csv in both namespaces: the whole filtered list view, streamed batch by batch,
 * with the row count in a header before the first byte so the browser can show its progress.
 */
export const projectCsvRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    projectEndpoints.exportProjectsCsv,
    async ({ principal, query, request, reply }) => {
      const list = await exportProjects(app.db, principal, query);
      const body = mattersCsv(list, { grouped: query.group === 'family', locale: requestLocale(request) });
      return sendCsv(reply, body, `matters-${query.tab}`, {
        [projectCsvRowCountHeader]: String(list.count),
      });
    },
    { namespace },
  );
});
