import styled from 'styled-components';
import { Button, EmptyState, ErrorIcon } from '@ipportal/ui';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { pathTo } from '../../routes/paths';
import { selectIsSignedIn, useSignOut } from '../auth';

const Root = styled.div`
  padding: ${({ theme }) => theme.space.xxxl}px ${({ theme }) => theme.space.xl}px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md}px;
  align-items: center;
  justify-content: center;
`;

export interface RouteErrorProps {
  /**
   * Offer sign-out on the page itself: for an error above the layout, where the header with its
   * account menu is not shown (a page's own error keeps the header).
   */
  withSignOut?: boolean;
}

/**
 * Shown when rendering a route throws (e.g. a page chunk failed to download after a deploy). It
 * always leaves a way out besides reloading, which may meet the same error again: the top page
 * and, where the header is gone, sign-out.
 */
export function RouteError({ withSignOut = false }: RouteErrorProps) {
  const { t } = useTranslation();
  const error = useRouteError();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { signOut, signingOut } = useSignOut();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Root role="alert">
      <EmptyState
        headingLevel={2}
        icon={<ErrorIcon size={40} />}
        title={t('shell.unexpectedError')}
        action={
          <Actions>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              {t('shell.reload')}
            </Button>
            <Link reloadDocument to={pathTo('home')}>
              {t('page.backToTop')}
            </Link>
            {withSignOut && signedIn && (
              <Button variant="secondary" disabled={signingOut} onClick={() => void signOut()}>
                {t('header.menu.signOut')}
              </Button>
            )}
          </Actions>
        }
      />
    </Root>
  );
}
