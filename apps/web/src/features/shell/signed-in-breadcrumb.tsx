import { selectCachedBreadcrumbNames } from '@ipportal/api-client';
import { Breadcrumb } from '@ipportal/ui';
import { useAppSelector } from '../../app/hooks';
import type { RouteId } from '../../routes/route-table';
import { useBreadcrumbItems } from './breadcrumb-items';

/** The header's breadcrumb once signed in: matters and rooms named from the API cache. */
export function SignedInBreadcrumb({ routeId }: { routeId: RouteId }) {
  const names = useAppSelector(selectCachedBreadcrumbNames);
  return <Breadcrumb items={useBreadcrumbItems(routeId, names)} />;
}
