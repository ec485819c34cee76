import styled from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { useRenderLink } from '../../internal/link';
import type { RenderLink } from '../../internal/link';
import { focusRing } from '../../internal/styles';

export interface BreadcrumbItem {
  /** Visible text. */
  label: ReactNode;
  /** App path; omit for entries that are not links. The last entry is the current page and never a link. */
  href?: string;
}

export interface BreadcrumbProps {
  /** Entries from the top down, e.g. TOP > product > segments of the path. */
  items: readonly BreadcrumbItem[];
  /** Divider between entries; defaults to ">", the portal's breadcrumb separator. */
  divider?: ReactNode;
  /** Link renderer (e.g. react-router's Link); defaults to the one from `UiProvider`. */
  renderLink?: RenderLink;
  className?: string;
}

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
  & a {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.sm}px;
    ${focusRing}
  }
  & a:hover {
    text-decoration-thickness: 2px;
  }
`;

const Divider = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Current = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
`;

/** Shows where the page sits in the hierarchy; entries are separated by ">" and the last one is the current page. */
export function Breadcrumb({ items, divider = '>', renderLink, className }: BreadcrumbProps) {
  const texts = useTexts();
  const link = useRenderLink(renderLink);
  return (
    <nav className={className} aria-label={texts.breadcrumb}>
      <List>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Item key={index}>
              {index > 0 && <Divider aria-hidden="true">{divider}</Divider>}
              {last ? (
                <Current aria-current="page">{item.label}</Current>
              ) : item.href !== undefined ? (
                link({ href: item.href, children: item.label })
              ) : (
                <span>{item.label}</span>
              )}
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
