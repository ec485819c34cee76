import { productNameKey } from '@ipportal/domain';
import type { TFunction } from 'i18next';
import { routeTable } from './route-table';
import type { RouteId } from './route-table';

/** The translated title of a route, or '' when it has none. */
export function routeTitle(t: TFunction, id: RouteId): string {
  const key = routeTable[id].titleKey;
  return key ? t(key) : '';
}

/** The product name, followed by the translated route title when there is one. */
export function documentTitle(t: TFunction, id: RouteId): string {
  const product = t(productNameKey);
  const title = routeTitle(t, id);
  return title ? t('documentTitle.withRoute', { product, title }) : product;
}
