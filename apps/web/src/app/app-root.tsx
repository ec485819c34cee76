import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../routes/titles';
import { useCurrentRoute } from '../routes/use-current-route';
import { selectIsSignedIn, selectUserType } from '../features/auth';
import { useAppSelector } from './hooks';

// Loaded only for signed-in firm users, so /login's first paint does not carry it.
const OfficeReminder = lazy(() =>
  import('../features/partner-firm/office-reminder').then((m) => ({ default: m.OfficeReminder })),
);
// The forms it protects are behind sign-in: loaded then, apart from /login's first download.
const LeaveGuard = lazy(() => import('../shared/leave-guard').then((m) => ({ default: m.LeaveGuard })));
// The realtime socket (one per signed-in user) and its client: after sign-in only.
const RealtimeConnection = lazy(() =>
  import('../features/shell/realtime-connection').then((m) => ({ default: m.RealtimeConnection })),
);

/**
 * Keeps the document title in step with the route and the language; reminds a signed-in firm
 * user to register their office while its profile is not complete; asks before a page with
 * unsaved input is left; keeps the signed-in user's realtime connection.
 */
export function AppRoot() {
  const { t } = useTranslation();
  const { id } = useCurrentRoute();
  const title = documentTitle(t, id);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const signedIn = useAppSelector(selectIsSignedIn);
  const userType = useAppSelector(selectUserType);
  const firmSignedIn = signedIn && userType === 'PATENT';
  return (
    <>
      <ScrollRestoration />
      {firmSignedIn && (
        <Suspense fallback={null}>
          <OfficeReminder />
        </Suspense>
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <LeaveGuard />
          <RealtimeConnection />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
