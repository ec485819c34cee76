import { matchRoute } from './match-route';
import { hrefTo, pathTo } from './paths';
import { routeTable } from './route-table';
import type { RouteId } from './route-table';

export type BreadcrumbItem =
  | { kind: 'top'; href: string }
  | { kind: 'product'; href: string }
  /** A route word of the path, translated with `segment.<word>`. */
  | { kind: 'word'; word: string; href: string }
  /** The matter of a request path: its reference code once known, else the word "matter". */
  | { kind: 'matter'; projectId: string; href: string }
  /** The request of a request path by its number within the matter ("Request 3"); null when the path holds no number. */
  | { kind: 'request'; number: number | null; href: string }
  /** The last entry: the page's title, as its heading reads. */
  | { kind: 'title'; routeId: RouteId };

/**
 * Words of a path that are no page of their own, and the pages that stand for them: the first of
 * these the user may open. A word with none the user may open is left out.
 */
const sectionPages: Partial<Record<string, readonly RouteId[]>> = {
  invoice: ['invoiceManage'],
  invoices: ['invoiceManage'],
  organization: ['organizationManage', 'organizationCreate'],
};

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
 * "TOP > {product} > one entry per path segment", every entry a link but the last, which is the
 * page's title. Words link to their partial path when it is a route, else to the page that stands
 * for them (`sectionPages`) when `canOpen` allows it, else they are left out. The matter id links
 * to the matter, the request number to the request. A path without segments ends with the title
 * too.
 */
export function breadcrumbFor(
  routeId: RouteId,
  pathname: string,
  canOpen: (id: RouteId) => boolean = () => true,
): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [
    { kind: 'top', href: pathTo('home') },
    { kind: 'product', href: pathTo('home') },
  ];
  const title: BreadcrumbItem = { kind: 'title', routeId };
  if (routeId === 'notFound') return [...items, title];
  const patternSegments = routeTable[routeId].path.split('/').filter(Boolean);
  const pathSegments = pathname.split('/').filter(Boolean);
  const { params } = matchRoute(pathname);
  const projectId = safeDecode(params['projectId'] ?? '');
  const requestId = safeDecode(params['requestId'] ?? '');
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
      const section = sectionPages[pattern]?.find(canOpen);
      const href = matchRoute(partial).id !== 'notFound' ? partial : section ? pathTo(section) : null;
      if (href !== null) items.push({ kind: 'word', word: pattern, href });
    }
  });
  return [...items, title];
}

/**
 * Every route word the breadcrumb shows; each needs a `segment.<word>` translation. The last word
 * of a path is never shown (the page's title is), so only the words before it count: their
 * translations load with /login, so none is kept that no breadcrumb reads.
 */
export function routeWords(): string[] {
  const words = new Set<string>();
  for (const { path } of Object.values(routeTable)) {
    for (const segment of path.split('/').filter(Boolean).slice(0, -1)) {
      if (!segment.startsWith(':') && segment !== '*') words.add(segment);
    }
  }
  return [...words];
}
