import { generatePath } from 'react-router';
import type { PathParam } from 'react-router';
import { routeTable } from './route-table';
import type { RouteId, RouteTable } from './route-table';

type PathOf<Id extends RouteId> = RouteTable[Id]['path'];

/** The params a route's path needs, e.g. `{ projectId, requestId }`. */
export type RouteParams<Id extends RouteId> = { [K in PathParam<PathOf<Id>>]: string };

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

type ParamsArg<Id extends RouteId> = [PathParam<PathOf<Id>>] extends [never]
  ? [params?: RouteParams<Id>]
  : [params: RouteParams<Id>];

export function toSearch(query: Query | URLSearchParams | undefined): string {
  if (!query) return '';
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query).flatMap(([key, value]) =>
            value === undefined || value === null || value === false ? [] : [[key, String(value)]],
          ),
        );
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a route: `pathTo('requestMails', { projectId, requestId })`. */
export function pathTo<Id extends RouteId>(id: Id, ...[params]: ParamsArg<Id>): string {
  const pattern: string = routeTable[id].path;
  return generatePath(pattern, (params ?? {}) as Record<string, string>);
}

/** Like `pathTo`, with a query string: `hrefTo('login', undefined, { redirect })`. */
export function hrefTo<Id extends RouteId>(
  id: Id,
  params: ParamsArg<Id>[0],
  query?: Query | URLSearchParams,
): string {
  const pattern: string = routeTable[id].path;
  return `${generatePath(pattern, (params ?? {}) as Record<string, string>)}${toSearch(query)}`;
}
