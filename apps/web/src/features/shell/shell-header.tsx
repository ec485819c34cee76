import { AppHeader, Breadcrumb } from '@ipportal/ui';
import { lazy, Suspense } from 'react';
import { productNameKey } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from '../auth';
import { useBreadcrumbItems } from './breadcrumb-items';
import { useLocalePreference } from './use-locale-preference';
import { pathTo } from '../../routes/paths';
import type { RouteId } from '../../routes/route-table';
import { LogoMark } from './logo-mark';

// Signed in only, from the signed-in chunk (not needed on /login's first visit): the account
// menu, the realtime connection's state dot, and the breadcrumb that names matters and rooms
// from the API cache.
const AccountMenu = lazy(() => import('../../app/signed-in').then((m) => ({ default: m.AccountMenu })));
const ConnectionStatus = lazy(() =>
  import('../../app/signed-in').then((m) => ({ default: m.ConnectionStatus })),
);
const SignedInBreadcrumb = lazy(() =>
  import('../../app/signed-in').then((m) => ({ default: m.SignedInBreadcrumb })),
);

/** The breadcrumb without names from the cache (signed out, or while the signed-in one loads). */
function PlainBreadcrumb({ routeId }: { routeId: RouteId }) {
  return <Breadcrumb items={useBreadcrumbItems(routeId, new Map())} />;
}

// The header stays in view; the layout leaves room for it (60 px bar + 100 px extension).
const FixedHeader = styled(AppHeader)`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
`;

const Logo = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  white-space: nowrap;
`;

/**
 * The header: logo linking to /, once signed in the realtime connection's state, the language
 * selector, the account menu once signed in, and the
 * extension with the breadcrumb ("TOP > the pages above > this page") and the route title.
 */
export function ShellHeader({ routeId, title }: { routeId: RouteId; title: string }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useLocalePreference();
  const product = t(productNameKey);
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <FixedHeader
      logo={
        <Logo>
          <LogoMark />
          <span>{product}</span>
        </Logo>
      }
      logoHref={pathTo('home')}
      logoLabel={t('header.home', { product })}
      locale={locale}
      onLocaleChange={setLocale}
      {...(signedIn && {
        actions: (
          <Suspense fallback={null}>
            <ConnectionStatus />
          </Suspense>
        ),
      })}
      showAccount={signedIn}
      account={
        <Suspense fallback={null}>
          <AccountMenu />
        </Suspense>
      }
      breadcrumb={
        signedIn ? (
          <Suspense fallback={<PlainBreadcrumb routeId={routeId} />}>
            <SignedInBreadcrumb routeId={routeId} />
          </Suspense>
        ) : (
          <PlainBreadcrumb routeId={routeId} />
        )
      }
      title={title}
    />
  );
}
