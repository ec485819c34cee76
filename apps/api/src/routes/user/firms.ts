import { firmEndpoints } from '@ipportal/domain';
import { itemsAnswer } from '../../http/envelope.js';
import { route, routePlugin } from '../../http/route.js';
import { listDirectory } from '../../repositories/firms.js';

/** The office directory of the request form (complete profiles only). */
export const firmDirectoryRoutes = routePlugin((app) => {
  route(app, firmEndpoints.listFirmDirectory, async ({ query }) =>
    itemsAnswer(await listDirectory(app.db, query)),
  );
});
