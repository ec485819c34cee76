import { useGetUserQuery } from '@ipportal/api-client';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { selectAuthStatus, selectUserType } from '../features/auth';
import { conditionsHold, conditionsOf, needsUser } from '../routes/access';
import { hrefTo, pathTo } from '../routes/paths';
import type { RouteParams } from '../routes/paths';
import { redirectParam, safeRedirectTarget } from '../routes/redirect-target';
import type { Access, RouteId } from '../routes/route-table';
import { LoadingText } from '../shared/loading-text';
import { useAppSelector } from './hooks';

/** Waits for the user only when a condition needs more than the session's user type. */
function ConditionGate({ access, children }: { access: Access; children: ReactNode }) {
  const userType = useAppSelector(selectUserType);
  const userNeeded = conditionsOf(access).some(needsUser);
  const { data: user, isError } = useGetUserQuery(undefined, { skip: !userNeeded });
  if (userNeeded && !user && !isError) return <LoadingText />;
  if (!conditionsHold(access, { userType, user })) return <Navigate to={pathTo('home')} replace />;
  return children;
}

/**
 * Applies a route's access rule (`Access` in the route table): signed-out visitors of protected routes
 * go to /login?redirect=<full path>, signed-in visitors of public routes go to the redirect target
 * or /, and unmet conditions go to /.
 */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
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
  if (access.conditions.length === 0) return children;
  return <ConditionGate access={access}>{children}</ConditionGate>;
}

/** A path that leads to another route (same params, same query). */
export function LeadsTo({ to }: { to: RouteId }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`${pathTo(to, params as RouteParams<typeof to>)}${search}`} replace />;
}
