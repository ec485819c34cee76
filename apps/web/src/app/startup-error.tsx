import { EmptyState, ErrorIcon, UiProvider } from '@ipportal/ui';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/use-locale';

function Message() {
  const { t } = useTranslation();
  const [locale] = useLocale();
  return (
    <UiProvider locale={locale}>
      <div role="alert">
        <EmptyState headingLevel={2} icon={<ErrorIcon size={40} />} title={t('shell.configError')} />
      </div>
    </UiProvider>
  );
}

/** Shown when /config.json cannot be loaded: nothing else can work without it. */
export function StartupError({ i18n }: { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Message />
    </I18nextProvider>
  );
}
