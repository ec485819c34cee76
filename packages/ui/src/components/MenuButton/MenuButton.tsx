import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ChevronDownIcon } from '../../icons';
import { useRenderLink } from '../../internal/link';
import type { RenderLink } from '../../internal/link';
import { visuallyHidden } from '../../internal/styles';

interface MenuItemBase {
  /** Stable id. */
  id: string;
  /** Visible text, also the item's accessible name. */
  label: string;
  /** Icon before the label. */
  icon?: ReactNode;
  /** Draws a separator above the item (e.g. before "Sign out"). */
  dividerBefore?: boolean;
}

/** An item that leads to an app path (rendered through `renderLink`). */
export interface MenuLinkItem extends MenuItemBase {
  href: string;
}

/** An item that runs an action (e.g. sign out). */
export interface MenuActionItem extends MenuItemBase {
  onSelect: () => void;
}

export type MenuItem = MenuLinkItem | MenuActionItem;

export interface MenuButtonProps {
  /** Content of the button; its text is the accessible name of the button and of the menu. */
  label: ReactNode;
  /** Icon before the label. */
  icon?: ReactNode;
  items: readonly MenuItem[];
  /** Shown at the top of the open menu, above the items (e.g. who is signed in); not an item. */
  header?: ReactNode;
  /** Which edge of the button the menu lines up with; defaults to `end` (for the right of a bar). */
  align?: 'start' | 'end';
  /** `inverse` on a dark bar (the application header). */
  tone?: 'default' | 'inverse';
  /**
   * Below the theme's `sm` breakpoint, shows the icon alone (for a crowded bar on a phone); the
   * label stays the accessible name.
   */
  narrowIconOnly?: boolean;
  /** Link renderer (e.g. react-router's Link); defaults to the one from `UiProvider`. */
  renderLink?: RenderLink;
  className?: string;
}

const Root = styled.div`
  position: relative;
  display: inline-flex;
`;

const Trigger = styled.button<{ $tone: 'default' | 'inverse'; $narrowIconOnly: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  max-width: 18rem;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  padding: 0 ${({ theme }) => theme.space.md}px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: transparent;
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  white-space: nowrap;
  cursor: pointer;
  & > span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  & > svg {
    flex: none;
  }
  ${({ $narrowIconOnly, theme }) =>
    $narrowIconOnly &&
    css`
      @media (max-width: ${theme.breakpoints.sm - 1}px) {
        & > span {
          ${visuallyHidden}
        }
      }
    `}
  ${({ $tone, theme }) =>
    $tone === 'inverse'
      ? css`
          color: ${theme.colors.headerText};
          &:hover,
          &[aria-expanded='true'] {
            background: ${theme.colors.inverseHover};
          }
          &:focus-visible {
            outline: 2px solid ${theme.colors.headerText};
            outline-offset: -2px;
          }
        `
      : css`
          color: ${theme.colors.text};
          &:hover,
          &[aria-expanded='true'] {
            background: ${theme.colors.surfaceMuted};
          }
          &:focus-visible {
            outline: 2px solid ${theme.colors.focus};
            outline-offset: 2px;
          }
        `}
`;

const Popup = styled.div<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space.xs}px);
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndex.popover};
  min-width: 15rem;
  max-width: min(22rem, calc(100vw - ${({ theme }) => theme.space.lg * 2}px));
  padding: ${({ theme }) => theme.space.xs}px 0;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Header = styled.div`
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.lg}px`};
  margin-bottom: ${({ theme }) => theme.space.xs}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  overflow-wrap: anywhere;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Separator = styled.li`
  height: 1px;
  margin: ${({ theme }) => theme.space.xs}px 0;
  background: ${({ theme }) => theme.colors.divider};
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  width: 100%;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  padding: ${({ theme }) => `${theme.space.xs}px ${theme.space.lg}px`};
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
  & > svg {
    flex: none;
  }
`;

const ItemSlot = styled.li`
  & > a,
  & > button {
    ${itemStyles}
  }
`;

type Opening = 'first' | 'last';

/**
 * A button that opens a menu of links and actions (the WAI-ARIA menu button): Enter, Space,
 * click or ArrowDown open it on the first item, ArrowUp on the last; the arrow keys, Home and End
 * move; Escape closes it back on the button; Tab and a click outside close it.
 */
export function MenuButton({
  label,
  icon,
  items,
  header,
  align = 'end',
  tone = 'default',
  narrowIconOnly = false,
  renderLink,
  className,
}: MenuButtonProps) {
  const link = useRenderLink(renderLink);
  const [opening, setOpening] = useState<Opening | null>(null);
  const open = opening !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!opening) return;
    const all = menuItems();
    (opening === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [opening]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpening(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // By id rather than through the ref: link renderers get this in a callback during render.
  const close = (refocus: boolean) => {
    setOpening(null);
    if (refocus) document.getElementById(buttonId)?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpening(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => all[(next + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index < 0 ? -1 : index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(-1);
        break;
      case 'Escape':
        // Only the menu closes: whatever holds it (a drawer, a dialog) stays open.
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpening(null);
        return;
      case ' ':
        // Space activates a link item as Enter does (on a link it would scroll the page).
        if (document.activeElement instanceof HTMLAnchorElement) document.activeElement.click();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Root ref={rootRef} className={className}>
      <Trigger
        id={buttonId}
        type="button"
        $tone={tone}
        $narrowIconOnly={narrowIconOnly}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpening('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
        <span>{label}</span>
        <ChevronDownIcon size={16} />
      </Trigger>
      {open && (
        <Popup $align={align}>
          {header !== undefined && header !== null && <Header>{header}</Header>}
          <List ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
            {items.map((item) => [
              item.dividerBefore ? <Separator key={`${item.id}-separator`} role="separator" /> : null,
              <ItemSlot key={item.id} role="none">
                {'href' in item ? (
                  link({
                    href: item.href,
                    role: 'menuitem',
                    tabIndex: -1,
                    onClick: () => close(false),
                    children: (
                      <>
                        {item.icon}
                        <span>{item.label}</span>
                      </>
                    ),
                  })
                ) : (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    onClick={() => {
                      close(true);
                      item.onSelect();
                    }}
                  >
                    {item.icon}
                    <span>{item.label}</span>
                  </button>
                )}
              </ItemSlot>,
            ])}
          </List>
        </Popup>
      )}
    </Root>
  );
}
