import { UiProvider } from '@ipportal/ui';
import type { RenderLink } from '@ipportal/ui';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { Link } from 'react-router';
import { AuthProvider } from '../features/auth';
import type { AuthPort } from '../features/auth';
import { useLocale } from '../i18n/use-locale';
import type { AppStore } from './store';

const renderLink: RenderLink = ({ href, children, ...rest }) => (
  <Link to={href} {...rest}>
    {children}
  </Link>
);

function UiBridge({ children }: { children: ReactNode }) {
  const [locale] = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <UiProvider locale={locale} renderLink={renderLink}>
      {children}
    </UiProvider>
  );
}

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18n;
  auth: AuthPort;
  children?: ReactNode;
}

/** Store, translations, design system (theme, texts, links, toasts) and the auth port. */
export function AppProviders({ store, i18n, auth, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <UiBridge>
          <AuthProvider port={auth}>{children}</AuthProvider>
        </UiBridge>
      </I18nextProvider>
    </ReduxProvider>
  );
}
