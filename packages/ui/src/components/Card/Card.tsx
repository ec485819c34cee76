import { useId } from 'react';
import styled from 'styled-components';
import type { ReactNode } from 'react';

export interface CardProps {
  /** Heading of the card; also names the region. */
  title?: ReactNode;
  /** Heading level of the title. */
  headingLevel?: 2 | 3 | 4;
  /** Controls at the right of the heading (buttons, links). */
  actions?: ReactNode;
  /** Footer content (e.g. summary or buttons). */
  footer?: ReactNode;
  /** Removes the inner padding (for tables that run edge to edge). */
  flush?: boolean;
  children?: ReactNode;
  className?: string;
}

const Root = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm}px;
  flex: none;
`;

const Body = styled.div<{ $flush: boolean }>`
  padding: ${({ theme, $flush }) => ($flush ? 0 : `${theme.space.lg}px`)};
`;

const Footer = styled.div`
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/** A surface that groups related content, with an optional heading, actions and footer. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  footer,
  flush = false,
  children,
  className,
}: CardProps) {
  const titleId = useId();
  return (
    <Root className={className} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <Header>
          {title && (
            <Title id={titleId} as={`h${headingLevel}`}>
              {title}
            </Title>
          )}
          {actions && <Actions>{actions}</Actions>}
        </Header>
      )}
      <Body $flush={flush}>{children}</Body>
      {footer && <Footer>{footer}</Footer>}
    </Root>
  );
}
