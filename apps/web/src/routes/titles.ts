import { productNameKey } from '@ipportal/domain';
import type { TFunction } from 'i18next';
import { routeTable } from './route-table';
import type { RouteId } from './route-table';

/**
 * The translated title of a route, or '' when it has none. A protected page's title comes with
 * the words of signed-in users (`features/shell/signed-in-texts.ts`): until they are in, as on a
 * signed-out visit on its way to /login, it has none.
 */
export function routeTitle(t: TFunction, id: RouteId): string {
  const { titleKey, access } = routeTable[id];
  if (!titleKey) return '';
  return access.kind === 'protected' ? t(titleKey, { defaultValue: '' }) : t(titleKey);
}

/** The product name, followed by the translated route title when there is one. */
export function documentTitle(t: TFunction, id: RouteId): string {
  const product = t(productNameKey);
  const title = routeTitle(t, id);
  return title ? t('documentTitle.withRoute', { product, title }) : product;
}
