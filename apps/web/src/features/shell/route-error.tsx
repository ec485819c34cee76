import styled from 'styled-components';
import { Button, EmptyState, ErrorIcon } from '@ipportal/ui';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

const Root = styled.div`
  padding: ${({ theme }) => theme.space.xxxl}px ${({ theme }) => theme.space.xl}px;
`;

/** Shown when rendering a route throws (e.g. a page chunk failed to download after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
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
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('shell.reload')}
          </Button>
        }
      />
    </Root>
  );
}
