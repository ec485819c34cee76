import styled, { css } from 'styled-components';
import {
  AccountIcon,
  BuildingIcon,
  CalendarIcon,
  ChatIcon,
  ChevronLeftIcon,
  ClockIcon,
  CloseIcon,
  FileIcon,
  FolderIcon,
  IconButton,
  InboxIcon,
  MenuIcon,
  PlusIcon,
} from '@ipportal/ui';
import { useGetUserQuery } from '@ipportal/api-client';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { conditionsHold } from '../../routes/access';
import { pathTo } from '../../routes/paths';
import type { RouteParams } from '../../routes/paths';
import { routeTable } from '../../routes/route-table';
import { sidebars } from '../../routes/sidebars';
import type { SidebarIcon, SidebarItem, VisibleSidebarType } from '../../routes/sidebars';
import { focusRing } from '../../shared/focus-ring';
import { HistoryIcon, InvoiceIcon, MailIcon } from '../../shared/icons';
import { visuallyHiddenStyles } from '../../shared/visually-hidden';
import { selectUserType } from '../auth';
import { createMatterOpened, drawerClosed, drawerToggled, selectDrawerOpen } from './shell-slice';

const icons: Record<SidebarIcon, ReactNode> = {
  plus: <PlusIcon />,
  folder: <FolderIcon />,
  inbox: <InboxIcon />,
  clock: <ClockIcon />,
  file: <FileIcon />,
  calendar: <CalendarIcon />,
  chat: <ChatIcon />,
  building: <BuildingIcon />,
  account: <AccountIcon />,
  back: <ChevronLeftIcon />,
  mail: <MailIcon />,
  history: <HistoryIcon />,
  invoice: <InvoiceIcon />,
};

/** Below this width the sidebar is the navigation drawer (rail / open). */
const drawerMedia = css`
  @media (max-width: ${({ theme }) => theme.breakpoints.md - 1}px);
`;

const Slot = styled.div`
  flex: none;
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  ${drawerMedia} {
    width: ${({ theme }) => theme.layout.drawerRailWidth}px;
  }
`;

const Frame = styled.nav<{ $open: boolean }>`
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs}px;
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  max-height: 100vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.sm}px;
  ${drawerMedia} {
    width: ${({ theme, $open }) => ($open ? theme.layout.drawerWidth : theme.layout.drawerRailWidth)}px;
    padding: ${({ theme }) => theme.space.sm}px;
    overflow-x: hidden;
    ${({ $open, theme }) =>
      $open &&
      css`
        position: fixed;
        top: 0;
        bottom: 0;
        left: 0;
        max-height: none;
        z-index: ${theme.zIndex.drawer};
        background: ${theme.colors.surface};
        box-shadow: ${theme.shadows.lg};
      `}
  }
`;

const DrawerToggle = styled.div`
  display: none;
  ${drawerMedia} {
    display: flex;
    justify-content: flex-start;
    margin-bottom: ${({ theme }) => theme.space.xs}px;
  }
`;

const Backdrop = styled.div`
  display: none;
  ${drawerMedia} {
    display: block;
    position: fixed;
    inset: 0;
    z-index: ${({ theme }) => theme.zIndex.drawer - 1};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Label = styled.span<{ $open: boolean }>`
  overflow: hidden;
  text-overflow: ellipsis;
  ${drawerMedia} {
    ${({ $open }) => !$open && visuallyHiddenStyles}
  }
`;

const entryStyles = css`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  width: 100%;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  padding: 0 ${({ theme }) => theme.space.md}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  text-align: left;
  text-decoration: none;
  white-space: nowrap;
  & > svg {
    flex: none;
  }
  ${drawerMedia} {
    padding: 0 ${({ theme }) => theme.space.sm}px;
  }
`;

const EntryLink = styled(NavLink)`
  ${entryStyles}
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surfaceSelected};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
  ${focusRing}
`;

const EntryButton = styled.button<{ $primary: boolean }>`
  ${entryStyles}
  cursor: pointer;
  ${({ $primary, theme }) =>
    $primary
      ? css`
          margin-bottom: ${theme.space.sm}px;
          background: ${theme.colors.primary};
          color: ${theme.colors.textOnPrimary};
          font-weight: ${theme.typography.fontWeight.bold};
          &:hover {
            background: ${theme.colors.primaryHover};
          }
        `
      : css`
          &:hover {
            background: ${theme.colors.surfaceMuted};
          }
        `}
  ${focusRing}
`;

const DisabledEntry = styled.a`
  ${entryStyles}
  color: ${({ theme }) => theme.colors.textDisabled};
  cursor: not-allowed;
`;

function linkTarget(
  to: SidebarItem & { kind: 'link' },
  params: Readonly<Record<string, string | undefined>>,
) {
  const needed = routeTable[to.to].path.split('/').filter((segment) => segment.startsWith(':'));
  const values: Record<string, string> = {};
  for (const segment of needed) {
    const value = params[segment.slice(1)];
    if (value === undefined) return null;
    values[segment.slice(1)] = value;
  }
  return pathTo(to.to, values as RouteParams<typeof to.to>);
}

export interface SidebarProps {
  type: VisibleSidebarType;
  /** Params of the current route (request-detail links need projectId and requestId). */
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * The sidebar of the current route: fixed 260 px; below tablet width the navigation drawer
 * (56 px rail, 256 px open).
 */
export function Sidebar({ type, params }: SidebarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = useAppSelector(selectDrawerOpen);
  const userType = useAppSelector(selectUserType);
  // Entries depend on the user (organization); fetch it when it is not loaded yet.
  const { data: user } = useGetUserQuery();

  useEffect(() => {
    dispatch(drawerClosed());
  }, [pathname, dispatch]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(drawerClosed());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);

  const renderItem = (item: SidebarItem) => {
    const text = t(item.textKey);
    const label = <Label $open={open}>{text}</Label>;
    switch (item.kind) {
      case 'action':
        return (
          <EntryButton
            type="button"
            $primary={item.action === 'createMatter'}
            title={text}
            onClick={() => {
              if (item.action === 'createMatter') dispatch(createMatterOpened());
              else void navigate(pathTo('home'));
            }}
          >
            {icons[item.icon]}
            {label}
          </EntryButton>
        );
      case 'unavailable':
        return (
          <DisabledEntry role="link" aria-disabled="true" title={t('sidebar.unavailable')}>
            {icons[item.icon]}
            {label}
          </DisabledEntry>
        );
      case 'link': {
        if (!conditionsHold(routeTable[item.to].access, { userType, user })) return null;
        const href = linkTarget(item, params);
        if (item.disabled || href === null) {
          return (
            <DisabledEntry role="link" aria-disabled="true" title={t('sidebar.unavailable')}>
              {icons[item.icon]}
              {label}
            </DisabledEntry>
          );
        }
        return (
          <EntryLink to={href} end title={text}>
            {icons[item.icon]}
            {label}
          </EntryLink>
        );
      }
    }
  };

  return (
    <Slot>
      {open && <Backdrop data-testid="drawer-backdrop" onClick={() => dispatch(drawerClosed())} />}
      <Frame $open={open} aria-label={t(`sidebar.label.${type}`)}>
        <DrawerToggle>
          <IconButton
            label={open ? t('sidebar.closeNavigation') : t('sidebar.openNavigation')}
            icon={open ? <CloseIcon /> : <MenuIcon />}
            aria-expanded={open}
            onClick={() => dispatch(drawerToggled())}
          />
        </DrawerToggle>
        <List>
          {sidebars[type].map((item) => {
            const rendered = renderItem(item);
            return rendered && <li key={item.textKey}>{rendered}</li>;
          })}
        </List>
      </Frame>
    </Slot>
  );
}
