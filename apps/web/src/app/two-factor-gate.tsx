import { useGetUserQuery } from '@ipportal/api-client';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectUserType } from '../features/auth';
import { pathTo } from '../routes/paths';
import type { RouteId } from '../routes/route-table';
import { LoadingText } from '../shared/loading-text';
import { useAppSelector } from './hooks';

/**
 * Routes open to a member whose organization requires two-factor sign-in before they have set it
 * up: /profile holds the set-up (and says why they are there); the profile's own pages stay.
 */
const openBeforeTwoFactorSetUp: ReadonlySet<RouteId> = new Set<RouteId>([
  'profile',
  'editProfile',
  'passwordChange',
]);

/** True while the signed-in client user must set up two-factor sign-in before anything else. */
export function useTwoFactorSetUpPending(): boolean {
  const userType = useAppSelector(selectUserType);
  const { data: user } = useGetUserQuery(undefined, { skip: userType !== 'REGULAR' });
  return user?.twoFactorSetupRequired === true;
}

/**
 * Sends a client user whose organization requires two-factor sign-in, and who has not set it up,
 * to /profile until they have (the API refuses everything else meanwhile). Setting it up reads
 * the user again, and the gate opens without a reload. Signed in only (it reads the API cache),
 * so it comes with the signed-in chunk.
 */
export function TwoFactorGate({ routeId, children }: { routeId: RouteId; children: ReactNode }) {
  const userType = useAppSelector(selectUserType);
  const skip = userType !== 'REGULAR' || openBeforeTwoFactorSetUp.has(routeId);
  const { data: user, error } = useGetUserQuery(undefined, { skip });
  if (skip) return children;
  // `error`, not `isError`: a failed read stays failed while a page below retries it. Going back
  // to the loading text then would unmount that page, whose next mount retries again: a loop.
  if (!user && !error) return <LoadingText />;
  if (user?.twoFactorSetupRequired) return <Navigate to={pathTo('profile')} replace />;
  return children;
}
