import type { ReactNode } from 'react';
import type { Access, RouteId } from '../routes/route-table';
import { ConditionGate } from './condition-gate';
import { TwoFactorGate } from './two-factor-gate';

/** What a signed-in visitor of a protected route must meet: a required two-factor set-up, then the route's conditions. */
export function SignedInGate({
  access,
  routeId,
  children,
}: {
  access: Extract<Access, { kind: 'protected' }>;
  routeId: RouteId;
  children: ReactNode;
}) {
  return (
    <TwoFactorGate routeId={routeId}>
      {access.conditions.length === 0 ? children : <ConditionGate access={access}>{children}</ConditionGate>}
    </TwoFactorGate>
  );
}
