import { lazy } from 'react';

// What other features use of the office's billing screens: the office's side of a request's
// estimate/billing tab (rendered by features/requests for PATENT users), loaded with it.
export const OfficeBilling = lazy(() =>
  import('./office-billing').then((m) => ({ default: m.OfficeBilling })),
);
export type { OfficeBillingProps } from './office-billing';
