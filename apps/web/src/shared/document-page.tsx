import styled from 'styled-components';
import type { ReactNode } from 'react';

const Root = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl}px ${({ theme }) => theme.space.xl}px;
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xl}px;
  font-size: ${({ theme }) => theme.typography.fontSize.xxl};
`;

/** Frame of the blank-layout pages (estimates, invoices): they have no header, so they name themselves. */
export function DocumentPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Root>
      <Title>{title}</Title>
      {children}
    </Root>
  );
}
