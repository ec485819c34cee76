import styled, { css } from 'styled-components';
import type { ReactNode } from 'react';
import { focusRing } from './styles';
import type { RenderLink } from './link';

/** One navigation entry: a link (`href`), a button (`onClick`), or a disabled entry. */
export interface NavItem {
  /** Stable id. */
  id: string;
  /** Visible text (also the accessible name in the collapsed rail). */
  label: string;
  /** Icon before the label; required for entries shown in a collapsed NavigationDrawer. */
  icon?: ReactNode;
  /** App path; renders a link through `renderLink`. */
  href?: string;
  /** Renders a button instead of a link (e.g. "Create Matter" opening a dialog). */
  onClick?: () => void;
  /** The current page: highlighted and `aria-current="page"`. */
  active?: boolean;
  /** Shown but not operable (e.g. the pension entries before release). */
  disabled?: boolean;
  /** Trailing content such as a count badge. */
  badge?: ReactNode;
}

export const entryStyles = css<{ $compact?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  width: 100%;
  min-height: ${({ theme }) => theme.layout.controlHeight.md + 4}px;
  padding: ${({ theme, $compact }) => ($compact ? `0 ${theme.space.md}px` : `${theme.space.xs}px ${theme.space.lg}px`)};
  justify-content: ${({ $compact }) => ($compact ? 'center' : 'flex-start')};
  border: none;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  ${focusRing}
  &:focus-visible {
    outline-offset: -2px;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surfaceSelected};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.primary};
  }
  &[aria-disabled='true'] {
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
    background: transparent;
  }
  & > svg {
    flex: none;
  }
`;

const EntryButton = styled.button<{ $compact?: boolean }>`
  ${entryStyles}
`;

const EntryDisabled = styled.a<{ $compact?: boolean }>`
  ${entryStyles}
`;

const LinkSlot = styled.span<{ $compact?: boolean }>`
  display: block;
  & > a {
    ${entryStyles}
  }
`;

const Label = styled.span`
  flex: 1;
  min-width: 0;
`;

export interface NavEntryProps {
  item: NavItem;
  renderLink: RenderLink;
  /** Icon-only (rail) presentation; the label becomes the accessible name and tooltip. */
  compact?: boolean;
}

/** Renders a NavItem as link, button or disabled entry. */
export function NavEntry({ item, renderLink, compact = false }: NavEntryProps) {
  const content = compact ? (
    item.icon
  ) : (
    <>
      {item.icon}
      <Label>{item.label}</Label>
      {item.badge}
    </>
  );
  const compactProps = compact ? { 'aria-label': item.label, title: item.label } : {};
  if (item.disabled) {
    return (
      <EntryDisabled role="link" aria-disabled="true" $compact={compact} {...compactProps}>
        {content}
      </EntryDisabled>
    );
  }
  if (item.href !== undefined) {
    return (
      <LinkSlot $compact={compact} title={compact ? item.label : undefined}>
        {renderLink({
          href: item.href,
          children: content,
          'aria-current': item.active ? 'page' : undefined,
          'aria-label': compact ? item.label : undefined,
          onClick: item.onClick ? () => item.onClick?.() : undefined,
        })}
      </LinkSlot>
    );
  }
  return (
    <EntryButton type="button" $compact={compact} onClick={item.onClick} {...compactProps}>
      {content}
    </EntryButton>
  );
}
