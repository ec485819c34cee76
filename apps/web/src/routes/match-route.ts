import { matchPath } from 'react-router';
import { routeIds, routeTable } from './route-table';
import type { RouteId } from './route-table';

export interface RouteMatchInfo {
  id: RouteId;
  params: Record<string, string>;
}

// Static segments first, so `/login/password-reset` wins over a pattern with a param there.
const matchOrder = routeIds
  .filter((id) => id !== 'notFound')
  .sort((a, b) => routeTable[b].path.split('/').length - routeTable[a].path.split('/').length);

/** The route of a pathname, or `notFound`. */
export function matchRoute(pathname: string): RouteMatchInfo {
  for (const id of matchOrder) {
    const match = matchPath({ path: routeTable[id].path, end: true }, pathname);
    if (match) {
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.params)) {
        if (value !== undefined) params[key] = value;
      }
      return { id, params };
    }
  }
  return { id: 'notFound', params: {} };
}
