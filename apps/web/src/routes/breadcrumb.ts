import { matchRoute } from './match-route';
import { hrefTo, pathTo } from './paths';
import { isPageRoute, routeTable } from './route-table';
import type { RouteId } from './route-table';

export type BreadcrumbItem =
  | { kind: 'top'; href: string }
  /** A route word of the path that is a page of its own, read as that page's title. */
  | { kind: 'page'; routeId: RouteId; href: string }
  /** The matter of a request path: its reference code once known, else the word "matter". */
  | { kind: 'matter'; projectId: string; href: string }
  /** The request of a request path by its number within the matter ("Request 3"); null when the path holds no number. */
  | { kind: 'request'; number: number | null; href: string }
  /** The last entry of a chat room: its request, by name once known, else as `request` reads. */
  | { kind: 'room'; projectId: string; number: number | null }
  /** The last entry: the page's title, as its heading reads. */
  | { kind: 'title'; routeId: RouteId };

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function requestNumber(value: string): number | null {
  return /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

/**
 * "TOP > the pages above > the page's title": every entry a link but the last, and every page
 * entry reading as the title of the page it opens, as that page's heading does. A route word of
 * the path is shown only where its partial path is a page of its own (a word that only leads to
 * a list beside this page, such as `invoice`, is left out). The matter id links to the matter,
 * the request number to the request. A chat room ends with its request rather than the title
 * "chat", which the entry before it already reads.
 */
export function breadcrumbFor(routeId: RouteId, pathname: string): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [{ kind: 'top', href: pathTo('home') }];
  const title: BreadcrumbItem = { kind: 'title', routeId };
  if (routeId === 'notFound') return [...items, title];
  const patternSegments = routeTable[routeId].path.split('/').filter(Boolean);
  const pathSegments = pathname.split('/').filter(Boolean);
  const { params } = matchRoute(pathname);
  const projectId = safeDecode(params['projectId'] ?? '');
  const requestId = safeDecode(params['requestId'] ?? '');
  if (routeId === 'chatRoom') {
    return [
      ...items,
      { kind: 'page', routeId: 'chat', href: pathTo('chat') },
      { kind: 'room', projectId, number: requestNumber(requestId) },
    ];
  }
  patternSegments.slice(0, -1).forEach((pattern, index) => {
    if (pattern === ':projectId') {
      items.push({
        kind: 'matter',
        projectId,
        href: hrefTo('projects', undefined, { 'project-id': projectId }),
      });
    } else if (pattern === ':requestId') {
      const href = pathTo('requestDetail', { projectId, requestId });
      items.push({ kind: 'request', number: requestNumber(requestId), href });
    } else if (!pattern.startsWith(':')) {
      const partial = `/${pathSegments.slice(0, index + 1).join('/')}`;
      const page = matchRoute(partial).id;
      if (page !== 'notFound' && isPageRoute(page))
        items.push({ kind: 'page', routeId: page, href: partial });
    }
  });
  return [...items, title];
}
