import { AppHeader, Breadcrumb } from '@ipportal/ui';
import type { BreadcrumbItem as UiBreadcrumbItem } from '@ipportal/ui';
import { lazy, Suspense } from 'react';
import { selectCachedMatterReferences, useGetUserQuery } from '@ipportal/api-client';
import { productNameKey } from '@ipportal/domain';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { conditionsHold } from '../../routes/access';
import { routeTable } from '../../routes/route-table';
import { selectIsSignedIn, selectUserType } from '../auth';
import { useLocalePreference } from './use-locale-preference';
import { breadcrumbFor } from '../../routes/breadcrumb';
import type { BreadcrumbItem } from '../../routes/breadcrumb';
import { pathTo } from '../../routes/paths';
import type { RouteId } from '../../routes/route-table';
import { routeTitle } from '../../routes/titles';
import { LogoMark } from './logo-mark';

// Loaded once signed in (the menu and sign-out are not needed on /login's first visit).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
// The realtime connection's state dot: signed in only, like the connection itself.
const ConnectionStatus = lazy(() =>
  import('./connection-status').then((m) => ({ default: m.ConnectionStatus })),
);

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
 * A matter in a path reads as its reference code, as the user knows it, once the matter (or one
 * of its requests) is in the cache; until then (or when there is no such matter) as the word
 * "matter", never as its id. Read from the cache only: the header never fetches.
 */
function useMatterReference(items: BreadcrumbItem[]): string | undefined {
  const matter = items.find((item) => item.kind === 'matter');
  const references = useAppSelector(selectCachedMatterReferences);
  return matter?.kind === 'matter' ? references.get(matter.projectId) : undefined;
}

function useBreadcrumbItems(routeId: RouteId): UiBreadcrumbItem[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const userType = useAppSelector(selectUserType);
  const { data: user } = useGetUserQuery(undefined, { skip: !signedIn });
  const items = breadcrumbFor(routeId, pathname, (id) =>
    conditionsHold(routeTable[id].access, { userType, user }),
  );
  const matterReference = useMatterReference(items);
  const label = (item: BreadcrumbItem): string => {
    switch (item.kind) {
      case 'top':
        return t('breadcrumb.top');
      case 'product':
        return t(productNameKey);
      case 'word':
        return t(`segment.${item.word}`);
      case 'matter':
        return matterReference ?? t('breadcrumb.matter');
      case 'request':
        return item.number === null
          ? t('breadcrumb.requestWithoutNumber')
          : t('breadcrumb.request', { number: item.number });
      case 'title':
        return routeTitle(t, item.routeId);
    }
  };
  return items.map((item) =>
    'href' in item ? { label: label(item), href: item.href } : { label: label(item) },
  );
}

/**
 * The header: logo linking to /, once signed in the realtime connection's state, the language
 * selector, the account menu once signed in, and the
 * extension with "TOP > {product} > path segments" and the route title.
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
      breadcrumb={<Breadcrumb items={useBreadcrumbItems(routeId)} />}
      title={title}
    />
  );
}
