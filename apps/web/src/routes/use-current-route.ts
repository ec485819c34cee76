import { useMatches } from 'react-router';
import type { RouteId } from './route-table';

/** What each router route carries so the shell can find its table entry. */
export interface RouteHandle {
  routeId: RouteId;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'routeId' in handle;
}

export interface CurrentRoute {
  id: RouteId;
  params: Readonly<Record<string, string | undefined>>;
}

/** The table entry of the deepest matched route. */
export function useCurrentRoute(): CurrentRoute {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle)) return { id: match.handle.routeId, params: match.params };
  }
  return { id: 'notFound', params: {} };
}
