import styled, { css } from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { useRenderLink } from '../../internal/link';
import type { RenderLink } from '../../internal/link';
import { NavEntry } from '../../internal/NavEntry';
import type { NavItem } from '../../internal/NavEntry';

export type SidebarItem = NavItem;

export interface SidebarSection {
  /** Stable id. */
  id: string;
  /** Optional heading of the section. */
  title?: ReactNode;
  /** Entries: links (`href`), buttons (`onClick`) or disabled entries. */
  items: readonly SidebarItem[];
}

export interface SidebarProps {
  /** Sections of entries, top to bottom. */
  sections: readonly SidebarSection[];
  /** Accessible name of the navigation landmark; defaults to the built-in "Main menu". */
  label?: string;
  /** Content above the entries (e.g. the "Create Matter" button). */
  header?: ReactNode;
  /** Content below the entries. */
  footer?: ReactNode;
  /** Link renderer (e.g. react-router's Link); defaults to the one from `UiProvider`. */
  renderLink?: RenderLink;
  /** Fixes it to the left edge of the viewport, below the header. */
  fixed?: boolean;
  /** Distance from the top when `fixed`, in px; defaults to the header height plus its extension. */
  topOffset?: number;
  className?: string;
}

const Root = styled.nav<{ $fixed: boolean; $top?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm}px;
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  flex: none;
  padding: ${({ theme }) => `${theme.space.lg}px ${theme.space.sm}px`};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.divider};
  overflow-y: auto;
  ${({ $fixed, $top, theme }) =>
    $fixed
      ? css`
          position: fixed;
          left: 0;
          top: ${$top ?? theme.layout.headerHeight + theme.layout.headerExtensionHeight}px;
          bottom: 0;
          z-index: ${theme.zIndex.sidebar};
        `
      : css`
          min-height: 100%;
        `}
`;

const SectionTitle = styled.h2`
  margin: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px ${theme.space.xs}px`};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.textMuted};
  letter-spacing: 0.04em;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Header = styled.div`
  padding: 0 ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.sm}px;
`;

/**
 * The fixed-width (260 px) side navigation. Entries are links rendered through `renderLink`
 * (pass react-router's Link from the web app), buttons, or disabled entries; the active one is
 * marked `aria-current="page"`.
 */
export function Sidebar({
  sections,
  label,
  header,
  footer,
  renderLink,
  fixed = false,
  topOffset,
  className,
}: SidebarProps) {
  const texts = useTexts();
  const link = useRenderLink(renderLink);
  return (
    <Root className={className} aria-label={label ?? texts.mainNavigation} $fixed={fixed} $top={topOffset}>
      {header && <Header>{header}</Header>}
      {sections.map((section) => (
        <div key={section.id}>
          {section.title && <SectionTitle>{section.title}</SectionTitle>}
          <List>
            {section.items.map((item) => (
              <li key={item.id}>
                <NavEntry item={item} renderLink={link} />
              </li>
            ))}
          </List>
        </div>
      ))}
      {footer}
    </Root>
  );
}
