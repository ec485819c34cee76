import type { BreadcrumbItem as UiBreadcrumbItem } from '@ipportal/ui';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { breadcrumbFor } from '../../routes/breadcrumb';
import type { BreadcrumbItem } from '../../routes/breadcrumb';
import type { RouteId } from '../../routes/route-table';
import { routeTitle } from '../../routes/titles';

/**
 * The breadcrumb of a route ("TOP > the pages above > this page"). `names` holds what the cache
 * knows (`selectCachedBreadcrumbNames`): a matter reads as its reference code and a chat room as
 * its request's name once loaded; until then (or signed out) a matter reads as the word
 * "matter" and a request as its number, never as an id. The header never fetches.
 */
export function useBreadcrumbItems(routeId: RouteId, names: ReadonlyMap<string, string>): UiBreadcrumbItem[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = breadcrumbFor(routeId, pathname);
  const requestLabel = (number: number | null) =>
    number === null ? t('breadcrumb.requestWithoutNumber') : t('breadcrumb.request', { number });
  const label = (item: BreadcrumbItem): string => {
    switch (item.kind) {
      case 'top':
        return t('breadcrumb.top');
      case 'page':
        return routeTitle(t, item.routeId);
      case 'matter':
        return names.get(item.projectId) ?? t('breadcrumb.matter');
      case 'request':
        return requestLabel(item.number);
      case 'room':
        return names.get(`${item.projectId}/${item.number}`) ?? requestLabel(item.number);
      case 'title':
        return routeTitle(t, item.routeId);
    }
  };
  return items.map((item) =>
    'href' in item ? { label: label(item), href: item.href } : { label: label(item) },
  );
}
