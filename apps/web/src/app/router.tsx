import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppLayout } from '../features/shell/app-layout';
import { BlankLayout } from '../features/shell/blank-layout';
import { isPageRoute, routeIds, routeTable } from '../routes/route-table';
import type { LayoutType, RouteId } from '../routes/route-table';
import type { RouteHandle } from '../routes/use-current-route';
import { LoadingText } from '../shared/loading-text';
import { AppRoot } from './app-root';
import { LeadsTo, RouteGuard } from './route-guard';
import { isPublicPage, publicPages } from './public-pages';
import type { PageLoader } from './public-pages';

// The error page loads when a route fails, not with /login's first download.
const LazyRouteError = lazy(() =>
  import('../features/shell/route-error').then((m) => ({ default: m.RouteError })),
);

function RouteError({ withSignOut }: { withSignOut?: boolean }) {
  return (
    <Suspense fallback={<LoadingText />}>
      <LazyRouteError {...(withSignOut && { withSignOut })} />
    </Suspense>
  );
}

function routeObject(id: RouteId): RouteObject {
  const entry = routeTable[id];
  const handle: RouteHandle = { routeId: id };
  if (!isPageRoute(id)) {
    return {
      id,
      path: entry.path,
      handle,
      errorElement: <RouteError />,
      element: (
        <RouteGuard access={entry.access} routeId={id}>
          <LeadsTo to={routeTable[id].redirectTo} />
        </RouteGuard>
      ),
    };
  }
  // The page's code is fetched only once the guard lets the visitor in. Protected pages render
  // signed in only, when the signed-in chunk (which holds their loaders) is already in.
  const load: PageLoader = isPublicPage(id)
    ? publicPages[id]
    : () => import('./route-pages').then((m) => m.routePages[id]());
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return {
    id,
    path: entry.path,
    handle,
    // A page that throws is replaced inside its layout, so the header (account menu, sign-out)
    // and the sidebar stay usable.
    errorElement: <RouteError />,
    element: (
      <RouteGuard access={entry.access} routeId={id}>
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

/** The router's routes: the route table's entries, each with its page from `public-pages.ts` or `route-pages.ts`. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppRoot />,
      errorElement: <RouteError withSignOut />,
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
