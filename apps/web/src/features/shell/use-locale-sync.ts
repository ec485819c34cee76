import { useGetUserQuery, useUpdateUserMutation } from '@ipportal/api-client';
import type { Locale } from '@ipportal/domain';
import { useEffect } from 'react';

/**
 * Keeps the signed-in user's stored language equal to the interface language, so mails the
 * server sends them (invitations, new request messages) arrive in the language they use.
 * The interface's choice wins: it is what the user last picked, on this device.
 * A failed save is not retried in a loop; the next switch or sign-in tries again.
 */
export function useLocaleSync(locale: Locale): void {
  const { data: user } = useGetUserQuery();
  const [updateUser] = useUpdateUserMutation();
  const storedLocale = user?.locale;
  useEffect(() => {
    if (storedLocale === undefined || storedLocale === locale) return;
    void updateUser({ locale });
  }, [storedLocale, locale, updateUser]);
}
