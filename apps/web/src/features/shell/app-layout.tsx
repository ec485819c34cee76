import { lazy, Suspense, useEffect } from 'react';
import styled from 'styled-components';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sidebarTypeOf } from '../../routes/sidebar-type';
import { routeTitle } from '../../routes/titles';
import { useCurrentRoute } from '../../routes/use-current-route';
import { visuallyHiddenStyles } from '../../shared/visually-hidden';
import { selectIsSignedIn, selectUserType } from '../auth';
import { CreateMatterDialog, preloadCreateMatterDialog } from '../projects';
import { belowTablet } from './breakpoints';
import { Footer } from './footer';
import { ShellHeader } from './shell-header';
import { createMatterClosed, selectCreateMatterOpen } from './shell-slice';

// The sidebar and drawer exist only for signed-in users: they come with the signed-in chunk,
// out of /login's first download (ADR 0005's budget, ADR 0039). The content keeps its room for
// them meanwhile, so nothing moves when they appear.
const loadShellNavigation = () => import('../../app/signed-in');
const ShellNavigation = lazy(() => loadShellNavigation().then((m) => ({ default: m.ShellNavigation })));

const SkipLink = styled.a`
  ${visuallyHiddenStyles}
  &:focus {
    position: fixed;
    top: ${({ theme }) => theme.space.sm}px;
    left: ${({ theme }) => theme.space.sm}px;
    z-index: ${({ theme }) => theme.zIndex.toast};
    width: auto;
    height: auto;
    margin: 0;
    clip: auto;
    padding: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** Leaves room for the fixed header and, when there is one, the fixed sidebar or drawer rail. */
const Content = styled.div<{ $withNavigation: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  padding-top: ${({ theme }) => theme.layout.headerHeight + theme.layout.headerExtensionHeight}px;
  padding-left: ${({ theme, $withNavigation }) => ($withNavigation ? theme.layout.sidebarWidth : 0)}px;
  ${belowTablet} {
    padding-left: ${({ theme, $withNavigation }) => ($withNavigation ? theme.layout.drawerRailWidth : 0)}px;
  }
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.space.xl}px;
  &:focus {
    outline: none;
  }
`;

/** Header with its extension, the route's sidebar, the page, the footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const signedIn = useAppSelector(selectIsSignedIn);
  const userType = useAppSelector(selectUserType);
  const createMatterOpen = useAppSelector(selectCreateMatterOpen);
  const dispatch = useAppDispatch();
  const sidebarType = sidebarTypeOf(route.id, userType);
  const navigationType = signedIn && sidebarType !== 'none' ? sidebarType : null;
  useEffect(() => {
    if (!signedIn) return;
    void loadShellNavigation();
    preloadCreateMatterDialog();
  }, [signedIn]);
  return (
    <>
      <SkipLink href="#main">{t('shell.skipToContent')}</SkipLink>
      <ShellHeader routeId={route.id} title={routeTitle(t, route.id)} />
      {navigationType && (
        <Suspense fallback={null}>
          <ShellNavigation type={navigationType} routeId={route.id} params={route.params} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {signedIn && (
          <CreateMatterDialog open={createMatterOpen} onClose={() => dispatch(createMatterClosed())} />
        )}
      </Suspense>
      <Content $withNavigation={navigationType !== null}>
        <Main id="main" tabIndex={-1}>
          <Outlet />
        </Main>
        <Footer />
      </Content>
    </>
  );
}
