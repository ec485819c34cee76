import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { selectAuthStatus } from '../features/auth';
import { hrefTo, pathTo } from '../routes/paths';
import type { RouteParams } from '../routes/paths';
import { redirectParam, safeRedirectTarget } from '../routes/redirect-target';
import type { Access, RouteId } from '../routes/route-table';
import { LoadingText } from '../shared/loading-text';
import { useAppSelector } from './hooks';

// Only signed-in users pass the gate (it reads the API cache): it is in the signed-in chunk.
const SignedInGate = lazy(() => import('./signed-in').then((m) => ({ default: m.SignedInGate })));

/**
 * Applies a route's access rule (`Access` in the route table): signed-out visitors of protected routes
 * go to /login?redirect=<full path>, signed-in visitors of public routes go to the redirect target
 * or /, and unmet conditions go to /. A client user who must first set up two-factor sign-in
 * goes to /profile.
 */
export function RouteGuard({
  access,
  routeId,
  children,
}: {
  access: Access;
  routeId: RouteId;
  children: ReactNode;
}) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (access.kind === 'any') return children;
  if (status === 'unknown') return <LoadingText />;
  if (access.kind === 'public') {
    if (status === 'signedOut') return children;
    const requested = new URLSearchParams(location.search).get(redirectParam);
    return <Navigate to={safeRedirectTarget(requested, window.location.origin) ?? pathTo('home')} replace />;
  }
  if (status === 'signedOut') {
    const original = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={hrefTo('login', undefined, { [redirectParam]: original })} replace />;
  }
  return (
    <Suspense fallback={<LoadingText />}>
      <SignedInGate access={access} routeId={routeId}>
        {children}
      </SignedInGate>
    </Suspense>
  );
}

/** A path that leads to another route (same params, same query). */
export function LeadsTo({ to }: { to: RouteId }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`${pathTo(to, params as RouteParams<typeof to>)}${search}`} replace />;
}
