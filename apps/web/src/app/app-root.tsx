import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../routes/titles';
import { useCurrentRoute } from '../routes/use-current-route';
import { selectIsSignedIn, selectUserType } from '../features/auth';
import { useAppSelector } from './hooks';

// From the signed-in chunk, after sign-in only: the reminder for firm users whose office profile
// is not complete, the guard of the forms behind sign-in, the realtime socket (one per signed-in
// user) and the language sync with the user's profile.
const OfficeReminder = lazy(() => import('./signed-in').then((m) => ({ default: m.OfficeReminder })));
const LeaveGuard = lazy(() => import('./signed-in').then((m) => ({ default: m.LeaveGuard })));
const LiveConnection = lazy(() => import('./signed-in').then((m) => ({ default: m.LiveConnection })));
const LocalePreferenceSync = lazy(() =>
  import('./signed-in').then((m) => ({ default: m.LocalePreferenceSync })),
);

/**
 * Keeps the document title in step with the route and the language; reminds a signed-in firm
 * user to register their office while its profile is not complete; asks before a page with
 * unsaved input is left; keeps the signed-in user's realtime connection (once a two-factor
 * set-up their organization requires is done) and saved language.
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
          <LiveConnection />
          <LocalePreferenceSync />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
