import type { UserType } from '@ipportal/domain';
import { routeTable } from './route-table';
import type { RouteId, SidebarType } from './route-table';

/**
 * The sidebar a route shows for a user type. Apart from the sidebars' entries (`sidebars.ts`):
 * the layout asks it on every page, /login included, and the entries load after sign-in.
 */
export function sidebarTypeOf(routeId: RouteId, userType: UserType | null): SidebarType {
  const sidebar = routeTable[routeId].sidebar;
  if (typeof sidebar === 'string') return sidebar;
  return sidebar[userType ?? 'REGULAR'];
}
