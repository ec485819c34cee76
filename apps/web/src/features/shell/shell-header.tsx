import { AppHeader, Breadcrumb } from '@ipportal/ui';
import type { BreadcrumbItem as UiBreadcrumbItem } from '@ipportal/ui';
import { selectCachedMatterReferences } from '@ipportal/api-client';
import { productNameKey } from '@ipportal/domain';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { useLocaleSync } from './use-locale-sync';
import { breadcrumbFor } from '../../routes/breadcrumb';
import type { BreadcrumbItem } from '../../routes/breadcrumb';
import { hrefTo, pathTo } from '../../routes/paths';
import type { RouteId } from '../../routes/route-table';
import { LogoMark } from './logo-mark';

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
 * A matter's id in a path reads as its reference code, as the user knows it, once the matter (or
 * one of its requests) is in the cache; until then, the id itself. Read from the cache only: the
 * header never fetches.
 */
function useMatterReference(items: BreadcrumbItem[]): string | undefined {
  const matter = items.find((item) => item.kind === 'id' && item.param === 'projectId');
  const references = useAppSelector(selectCachedMatterReferences);
  return matter?.kind === 'id' ? references.get(matter.value) : undefined;
}

function useBreadcrumbItems(routeId: RouteId): UiBreadcrumbItem[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = breadcrumbFor(routeId, pathname);
  const matterReference = useMatterReference(items);
  const label = (item: BreadcrumbItem): string => {
    switch (item.kind) {
      case 'top':
        return t('breadcrumb.top');
      case 'product':
        return t(productNameKey);
      case 'word':
        return t(`segment.${item.word}`);
      case 'id':
        return item.param === 'projectId' ? (matterReference ?? item.value) : item.value;
    }
  };
  return items.map((item) => {
    // The matter entry opens the matter (its detail lives on /projects, not under /requests).
    const href =
      item.kind === 'id' && item.param === 'projectId'
        ? hrefTo('projects', undefined, { 'project-id': item.value })
        : 'href' in item
          ? item.href
          : null;
    return href === null ? { label: label(item) } : { label: label(item), href };
  });
}

/**
 * The header: logo linking to /, language selector, account button to /profile,
 * and the extension with "TOP > {product} > path segments" and the route title.
 */
export function ShellHeader({ routeId, title }: { routeId: RouteId; title: string }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useLocale();
  useLocaleSync(locale);
  const product = t(productNameKey);
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
      accountLabel={t('header.account')}
      accountHref={pathTo('profile')}
      breadcrumb={<Breadcrumb items={useBreadcrumbItems(routeId)} />}
      title={title}
    />
  );
}
