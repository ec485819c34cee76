import { useGetUserQuery, useUpdateUserMutation } from '@ipportal/api-client';
import type { Locale } from '@ipportal/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { selectAuthStatus } from '../auth';

/**
 * The interface language, and the language switch that also saves the user's choice to their
 * profile (the language of the mails the server sends them: invitations, new request messages).
 *
 * Only a pick is saved: opening the portal from a browser in another language changes the
 * interface of that visit, never the saved language. A sign-in adopts the saved language, so a
 * new device follows the user's choice; a language picked on the sign-in page before signing in
 * is the user's choice instead, and is saved once the profile is known. A failed save is not
 * retried; the next pick tries again.
 */
export function useLocalePreference(): [Locale, (locale: Locale) => void] {
  const [locale, setLocale] = useLocale();
  const status = useAppSelector(selectAuthStatus);
  const { data: user } = useGetUserQuery(undefined, { skip: status !== 'signedIn' });
  const [updateUser] = useUpdateUserMutation();
  const previousStatus = useRef(status);
  // A pick not saved yet (made while signed out, or before the profile loaded).
  const unsavedPick = useRef<Locale | null>(null);
  // Set by a sign-in in this tab (not by a session restored on load): adopt the saved language.
  const adoptSaved = useRef(false);

  useEffect(() => {
    if (previousStatus.current === 'signedOut' && status === 'signedIn') adoptSaved.current = true;
    previousStatus.current = status;
    if (status !== 'signedIn' || !user) return;
    const picked = unsavedPick.current;
    if (picked) {
      unsavedPick.current = null;
      adoptSaved.current = false;
      if (picked !== user.locale) void updateUser({ locale: picked });
    } else if (adoptSaved.current) {
      adoptSaved.current = false;
      if (user.locale !== locale) setLocale(user.locale);
    }
  }, [status, user, locale, setLocale, updateUser]);

  const pick = useCallback(
    (next: Locale) => {
      setLocale(next);
      if (status !== 'signedIn' || !user) unsavedPick.current = next;
      else if (next !== user.locale) void updateUser({ locale: next });
    },
    [setLocale, status, user, updateUser],
  );
  return [locale, pick];
}
