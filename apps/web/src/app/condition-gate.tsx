import { useGetUserQuery } from '@ipportal/api-client';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectUserType } from '../features/auth';
import { conditionsHold, conditionsOf, needsUser } from '../routes/access';
import { pathTo } from '../routes/paths';
import type { Access } from '../routes/route-table';
import { LoadingText } from '../shared/loading-text';
import { useAppSelector } from './hooks';

/**
 * Waits for the user only when a condition needs more than the session's user type. Signed in
 * only (it reads the API cache), so it comes with the signed-in chunk.
 */
export function ConditionGate({ access, children }: { access: Access; children: ReactNode }) {
  const userType = useAppSelector(selectUserType);
  const userNeeded = conditionsOf(access).some(needsUser);
  const { data: user, error } = useGetUserQuery(undefined, { skip: !userNeeded });
  // `error`, not `isError`: see TwoFactorGate (a retry below must not unmount the page).
  if (userNeeded && !user && !error) return <LoadingText />;
  if (!conditionsHold(access, { userType, user })) return <Navigate to={pathTo('home')} replace />;
  return children;
}
