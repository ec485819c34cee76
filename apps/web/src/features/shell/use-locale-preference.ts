import type { Locale } from '@ipportal/domain';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { localePicked } from './shell-slice';

/**
 * The interface language, and the language switch. A pick is also recorded in the store: once
 * signed in, `LocalePreferenceSync` (signed-in chunk) saves it to the user's profile (the
 * language of the mails the server sends them). Signed out, nothing else is needed, so /login
 * carries no API client for it.
 */
export function useLocalePreference(): [Locale, (locale: Locale) => void] {
  const [locale, setLocale] = useLocale();
  const dispatch = useAppDispatch();
  const pick = useCallback(
    (next: Locale) => {
      setLocale(next);
      dispatch(localePicked(next));
    },
    [setLocale, dispatch],
  );
  return [locale, pick];
}
