import { useId } from 'react';
import styled, { css } from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { ChevronLeftIcon, MenuIcon } from '../../icons';
import { useRenderLink } from '../../internal/link';
import type { RenderLink } from '../../internal/link';
import { NavEntry } from '../../internal/NavEntry';
import type { NavItem } from '../../internal/NavEntry';
import { useControllableState } from '../../internal/use-controllable';
import { IconButton } from '../IconButton/IconButton';

export type NavigationDrawerItem = NavItem & { icon: ReactNode };

export interface NavigationDrawerProps {
  /** Entries; each needs an icon because the collapsed rail shows icons only. */
  items: readonly NavigationDrawerItem[];
  /** Expanded (256 px) or collapsed to the rail (56 px); controlled. */
  expanded?: boolean;
  /** Initial state when uncontrolled; defaults to expanded (256 px, the theme's `layout.drawerWidth`). */
  defaultExpanded?: boolean;
  /** Called when the toggle button is used. */
  onExpandedChange?: (expanded: boolean) => void;
  /** Accessible name of the navigation landmark; defaults to the built-in "Main menu". */
  label?: string;
  /** Link renderer (e.g. react-router's Link); defaults to the one from `UiProvider`. */
  renderLink?: RenderLink;
  /** Fixes it to the left edge of the viewport, below the header. */
  fixed?: boolean;
  /** Distance from the top when `fixed`, in px; defaults to the header height. */
  topOffset?: number;
  className?: string;
}

const Root = styled.nav<{ $expanded: boolean; $fixed: boolean; $top?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs}px;
  width: ${({ theme, $expanded }) => ($expanded ? theme.layout.drawerWidth : theme.layout.drawerRailWidth)}px;
  flex: none;
  padding: ${({ theme }) => theme.space.xs}px;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.divider};
  overflow-x: hidden;
  overflow-y: auto;
  transition: width ${({ theme }) => theme.timing.transitionMs}ms ease;
  ${({ $fixed, $top, theme }) =>
    $fixed
      ? css`
          position: fixed;
          left: 0;
          top: ${$top ?? theme.layout.headerHeight}px;
          bottom: 0;
          z-index: ${theme.zIndex.drawer};
        `
      : css`
          min-height: 100%;
        `}
`;

const Toggle = styled.div<{ $expanded: boolean }>`
  display: flex;
  justify-content: ${({ $expanded }) => ($expanded ? 'flex-end' : 'center')};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * A navigation drawer that collapses to a 56 px icon rail and expands to 256 px. The toggle
 * button reports its state with `aria-expanded`; in the rail each entry is named by its label.
 */
export function NavigationDrawer({
  items,
  expanded,
  defaultExpanded = true,
  onExpandedChange,
  label,
  renderLink,
  fixed = false,
  topOffset,
  className,
}: NavigationDrawerProps) {
  const texts = useTexts();
  const link = useRenderLink(renderLink);
  const listId = useId();
  const [isExpanded, setExpanded] = useControllableState(expanded, defaultExpanded, onExpandedChange);
  return (
    <Root
      className={className}
      aria-label={label ?? texts.mainNavigation}
      $expanded={isExpanded}
      $fixed={fixed}
      $top={topOffset}
      data-expanded={isExpanded}
    >
      <Toggle $expanded={isExpanded}>
        <IconButton
          label={isExpanded ? texts.collapseNavigation : texts.expandNavigation}
          icon={isExpanded ? <ChevronLeftIcon /> : <MenuIcon />}
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setExpanded(!isExpanded)}
        />
      </Toggle>
      <List id={listId}>
        {items.map((item) => (
          <li key={item.id}>
            <NavEntry item={item} renderLink={link} compact={!isExpanded} />
          </li>
        ))}
      </List>
    </Root>
  );
}
