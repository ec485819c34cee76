import { Button, Dialog } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../shared/lazy-messages';
import { authTexts } from './auth-texts';
import { reloadTab } from './reload-tab';

/**
 * Shown when another tab of the browser signed in as another user (of `userType`): the browser keeps one session,
 * so this tab, still showing the previous user, gets no token any more. It says so and offers the
 * reload; it cannot be closed otherwise, so nothing on the page can be done as the wrong user.
 */
export function SessionReplacedDialog({ userType }: { userType: UserType }) {
  const { t, i18n } = useTranslation();
  // Loaded without suspending: the dialog comes over whatever the page is doing.
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    // Shown even if the texts fail to load: the reload button is what matters.
    const show = () => {
      if (active) setTextsLoaded(true);
    };
    loadMessages(i18n, authTexts).then(show, show);
    return () => {
      active = false;
    };
  }, [i18n]);
  if (!textsLoaded) return null;
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={() => undefined}
      closeOnBackdrop={false}
      hideCloseButton
      maxWidth={520}
      title={t('auth.sessionReplaced.title')}
      description={t('auth.sessionReplaced.detail', { userType: t(`auth.userType.${userType}`) })}
      actions={<Button onClick={reloadTab}>{t('shell.reload')}</Button>}
    />
  );
}
