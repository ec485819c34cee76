import styled from 'styled-components';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { sidebarTypeOf } from '../../routes/sidebars';
import { routeTitle } from '../../routes/titles';
import { useCurrentRoute } from '../../routes/use-current-route';
import { visuallyHiddenStyles } from '../../shared/visually-hidden';
import { selectIsSignedIn, selectUserType } from '../auth';
import { CreateMatterDialog } from './create-matter-dialog';
import { Footer } from './footer';
import { Header } from './header';
import { HeaderExtension } from './header-extension';
import { Sidebar } from './sidebar';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

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

const Body = styled.div`
  display: flex;
  flex: 1;
  align-items: stretch;
`;

const SidebarColumn = styled.div`
  flex: none;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.divider};
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
  const sidebarType = sidebarTypeOf(route.id, userType);
  return (
    <Shell>
      <SkipLink href="#main">{t('shell.skipToContent')}</SkipLink>
      <Header signedIn={signedIn} />
      <HeaderExtension routeId={route.id} title={routeTitle(t, route.id)} />
      <Body>
        {signedIn && sidebarType !== 'none' && (
          <SidebarColumn>
            <Sidebar type={sidebarType} params={route.params} />
          </SidebarColumn>
        )}
        <Main id="main" tabIndex={-1}>
          <Outlet />
        </Main>
      </Body>
      <Footer />
      {signedIn && <CreateMatterDialog />}
    </Shell>
  );
}
