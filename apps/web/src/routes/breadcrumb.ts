import { matchRoute } from './match-route';
import { routeTable } from './route-table';
import type { RouteId } from './route-table';

export type BreadcrumbItem =
  | { kind: 'top'; href: string }
  | { kind: 'product' }
  /** A route word of the path, translated with `segment.<word>`. */
  | { kind: 'word'; word: string; href: string | null }
  /** An id from the path (`param` names it in the route pattern), shown as it is unless the header knows a name for it. */
  | { kind: 'id'; param: string; value: string; href: string | null };

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * "TOP > {product} > one entry per path segment": words of the route's pattern
 * are translated, ids are shown as they are. An entry links to its partial path when that path
 * is itself a route.
 */
export function breadcrumbFor(routeId: RouteId, pathname: string): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [{ kind: 'top', href: '/' }, { kind: 'product' }];
  if (routeId === 'notFound') return items;
  const patternSegments = routeTable[routeId].path.split('/').filter(Boolean);
  const pathSegments = pathname.split('/').filter(Boolean);
  patternSegments.forEach((pattern, index) => {
    const raw = pathSegments[index] ?? '';
    const partial = `/${pathSegments.slice(0, index + 1).join('/')}`;
    const isLast = index === patternSegments.length - 1;
    const href = !isLast && matchRoute(partial).id !== 'notFound' ? partial : null;
    items.push(
      pattern.startsWith(':')
        ? { kind: 'id', param: pattern.slice(1), value: safeDecode(raw), href }
        : { kind: 'word', word: pattern, href },
    );
  });
  return items;
}

/** Every route word used by the breadcrumb; each needs a `segment.<word>` translation. */
export function routeWords(): string[] {
  const words = new Set<string>();
  for (const { path } of Object.values(routeTable)) {
    for (const segment of path.split('/')) {
      if (segment && !segment.startsWith(':') && segment !== '*') words.add(segment);
    }
  }
  return [...words];
}
