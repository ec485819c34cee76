import styled from 'styled-components';
import type { RouteId } from '../../routes/route-table';
import { Breadcrumb } from './breadcrumb';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs}px;
  min-height: ${({ theme }) => theme.layout.headerExtensionHeight}px;
  padding: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.xl}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Title = styled.h1`
  margin: 0;
  min-height: 1.3em;
  font-size: ${({ theme }) => theme.typography.fontSize.xl};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
`;

/** The header's 100 px extension: the breadcrumb and the route title (or an empty title). */
export function HeaderExtension({ routeId, title }: { routeId: RouteId; title: string }) {
  return (
    <Root>
      <Breadcrumb routeId={routeId} />
      <Title>{title}</Title>
    </Root>
  );
}
