import styled from 'styled-components';
import { productNameKey } from '@ipportal/domain';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { breadcrumbFor } from '../../routes/breadcrumb';
import type { BreadcrumbItem } from '../../routes/breadcrumb';
import type { RouteId } from '../../routes/route-table';
import { focusRing } from '../../shared/focus-ring';

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Item = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Divider = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Crumb = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  ${focusRing}
`;

function useItemText(): (item: BreadcrumbItem) => string {
  const { t } = useTranslation();
  return (item) => {
    switch (item.kind) {
      case 'top':
        return t('breadcrumb.top');
      case 'product':
        return t(productNameKey);
      case 'word':
        return t(`segment.${item.word}`);
      case 'id':
        return item.value;
    }
  };
}

/** TOP > {product} > one entry per path segment (divider ">"). */
export function Breadcrumb({ routeId }: { routeId: RouteId }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const textOf = useItemText();
  const items = breadcrumbFor(routeId, pathname);
  return (
    <nav aria-label={t('breadcrumb.label')}>
      <List>
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          const href = 'href' in item ? item.href : null;
          const text = textOf(item);
          return (
            <Item key={`${item.kind}-${index}`}>
              {href && !isLast ? (
                <Crumb to={href}>{text}</Crumb>
              ) : (
                <span aria-current={isLast ? 'page' : undefined}>{text}</span>
              )}
              {!isLast && <Divider aria-hidden="true">{'>'}</Divider>}
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
