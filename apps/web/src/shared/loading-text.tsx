import { LoadingText as UiLoadingText } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';

/** Shown while a page (or what it needs to decide access) loads. */
export function LoadingText() {
  const { t } = useTranslation();
  return <UiLoadingText block>{t('shell.loading')}</UiLoadingText>;
}
