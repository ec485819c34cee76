import { Button, NavigationDrawer, Sidebar } from '@ipportal/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import type { DefaultTheme } from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RouteId } from '../../routes/route-table';
import type { VisibleSidebarType } from '../../routes/sidebars';
import { belowTablet } from './breakpoints';
import { drawerClosed, drawerToggled, selectDrawerOpen } from './shell-slice';
import { useSidebarItems } from './use-sidebar-items';

const headerTotal = (theme: DefaultTheme) => theme.layout.headerHeight + theme.layout.headerExtensionHeight;

const DesktopSidebar = styled(Sidebar)`
  ${belowTablet} {
    display: none;
  }
`;

const TabletDrawer = styled(NavigationDrawer)`
  display: none;
  ${belowTablet} {
    display: flex;
  }
`;

const Backdrop = styled.div`
  display: none;
  ${belowTablet} {
    display: block;
    position: fixed;
    inset: ${({ theme }) => headerTotal(theme)}px 0 0 0;
    z-index: ${({ theme }) => theme.zIndex.drawer - 1};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

export interface ShellNavigationProps {
  type: VisibleSidebarType;
  routeId: RouteId;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * The route's sidebar: fixed at 260 px on wide screens; below tablet width the navigation drawer,
 * a 56 px rail that opens to 256 px over the page.
 */
export function ShellNavigation({ type, routeId, params }: ShellNavigationProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDrawerOpen);
  const { pathname } = useLocation();
  const items = useSidebarItems(type, routeId, params);
  const label = t(`sidebar.label.${type}`);
  const [first, ...rest] = items;
  const createMatter = first && first.id === 'sidebar.createMatter' ? first : undefined;

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

  return (
    <>
      <DesktopSidebar
        fixed
        label={label}
        header={
          createMatter && (
            <Button
              fullWidth
              startIcon={createMatter.icon}
              onClick={createMatter.onClick}
              disabled={createMatter.disabled === true}
            >
              {createMatter.label}
            </Button>
          )
        }
        sections={[{ id: type, items: createMatter ? rest : items }]}
      />
      {open && <Backdrop data-testid="drawer-backdrop" onClick={() => dispatch(drawerClosed())} />}
      <TabletDrawer
        fixed
        topOffset={headerTotal(theme)}
        label={label}
        items={items}
        expanded={open}
        onExpandedChange={() => dispatch(drawerToggled())}
      />
    </>
  );
}
