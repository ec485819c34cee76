import styled from 'styled-components';
import type { ReactNode } from 'react';

export interface FooterProps {
  /** The company copyright line, e.g. "© 2025 Example Inc." (from the app's translations). */
  copyright: ReactNode;
  /** Extra links (terms, privacy) shown before the copyright line. */
  links?: ReactNode;
  className?: string;
}

const Root = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space.xs}px ${theme.space.lg}px`};
  padding: ${({ theme }) => `${theme.space.lg}px ${theme.space.xl}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  & a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg}px;
`;

/** The page footer carrying the copyright line (a contentinfo landmark). */
export function Footer({ copyright, links, className }: FooterProps) {
  return (
    <Root className={className}>
      {links && <Links>{links}</Links>}
      <small>{copyright}</small>
    </Root>
  );
}
