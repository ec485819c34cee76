import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppLayout } from '../features/shell/app-layout';
import { BlankLayout } from '../features/shell/blank-layout';
import { RouteError } from '../features/shell/route-error';
import { isPageRoute, routeIds, routeTable } from '../routes/route-table';
import type { LayoutType, RouteId } from '../routes/route-table';
import type { RouteHandle } from '../routes/use-current-route';
import { LoadingText } from '../shared/loading-text';
import { AppRoot } from './app-root';
import { LeadsTo, RouteGuard } from './route-guard';
import { routePages } from './route-pages';

function routeObject(id: RouteId): RouteObject {
  const entry = routeTable[id];
  const handle: RouteHandle = { routeId: id };
  if (!isPageRoute(id)) {
    return {
      id,
      path: entry.path,
      handle,
      element: (
        <RouteGuard access={entry.access}>
          <LeadsTo to={routeTable[id].redirectTo} />
        </RouteGuard>
      ),
    };
  }
  // The page's code is fetched only once the guard lets the visitor in.
  const load = routePages[id];
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return {
    id,
    path: entry.path,
    handle,
    element: (
      <RouteGuard access={entry.access}>
        <Suspense fallback={<LoadingText />}>
          <Page />
        </Suspense>
      </RouteGuard>
    ),
  };
}

function routesOf(layout: LayoutType): RouteObject[] {
  return routeIds.filter((id) => routeTable[id].layout === layout).map(routeObject);
}

/** The router's routes: the route table's entries, each with its page from `route-pages.ts`. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppRoot />,
      errorElement: <RouteError />,
      children: [
        { id: 'layout-default', element: <AppLayout />, children: routesOf('default') },
        { id: 'layout-blank', element: <BlankLayout />, children: routesOf('blank') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
