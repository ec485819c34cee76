import { useGetUserQuery, useUpdateUserMutation } from '@ipportal/api-client';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { selectSignedInHere } from '../auth';
import { localePickSaved, selectUnsavedLocalePick } from './shell-slice';

/**
 * Keeps the interface language and the one saved in the user's profile in step, while signed in.
 *
 * Only a pick is saved: opening the portal from a browser in another language changes the
 * interface of that visit, never the saved language. A sign-in in this tab adopts the saved
 * language, so a new device follows the user's choice; a language picked before signing in (or
 * before the profile loaded) is the user's choice instead, and is saved once the profile is
 * known. A failed save is not retried; the next pick tries again.
 */
export function LocalePreferenceSync() {
  const [locale, setLocale] = useLocale();
  const dispatch = useAppDispatch();
  const { data: user } = useGetUserQuery();
  const [updateUser] = useUpdateUserMutation();
  const picked = useAppSelector(selectUnsavedLocalePick);
  const signedInHere = useAppSelector(selectSignedInHere);
  // Read once: this component mounts when the session starts.
  const adoptSaved = useRef(signedInHere);

  useEffect(() => {
    if (!user) return;
    if (picked) {
      dispatch(localePickSaved());
      adoptSaved.current = false;
      if (picked !== user.locale) void updateUser({ locale: picked });
    } else if (adoptSaved.current) {
      adoptSaved.current = false;
      if (user.locale !== locale) setLocale(user.locale);
    }
  }, [user, picked, locale, setLocale, updateUser, dispatch]);
  return null;
}
