import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../routes/titles';
import { useCurrentRoute } from '../routes/use-current-route';

/** Keeps the document title in step with the route and the language. */
export function AppRoot() {
  const { t } = useTranslation();
  const { id } = useCurrentRoute();
  const title = documentTitle(t, id);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
