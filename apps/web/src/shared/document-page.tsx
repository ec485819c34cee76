import { ChevronLeftIcon } from '@ipportal/ui';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ReactNode } from 'react';
import { focusRing } from './focus-ring';

const Root = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl}px ${({ theme }) => theme.space.xl}px
    ${({ theme }) => theme.space.xxl}px;
  @media print {
    max-width: none;
    padding: 0;
  }
`;

// Not printed: the document alone goes on paper.
const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
  @media print {
    display: none;
  }
`;

// On paper the document's own heading (見積書, 請求書) names it.
const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xl}px;
  font-size: ${({ theme }) => theme.typography.fontSize.xxl};
  @media print {
    display: none;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  @media print {
    display: none;
  }
`;

export interface DocumentPageProps {
  title: string;
  /** The page the document belongs to: the blank layout has no header or sidebar to go back with. */
  back: { to: string; label: string };
  /** Buttons above the document (print, download, accept); never printed. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * Frame of the blank-layout pages (estimates, invoices): they have no header, so they name
 * themselves and carry their own way back.
 */
export function DocumentPage({ title, back, actions, children }: DocumentPageProps) {
  return (
    <Root>
      <Back to={back.to}>
        <ChevronLeftIcon size={18} />
        {back.label}
      </Back>
      <Title>{title}</Title>
      {actions && <Toolbar>{actions}</Toolbar>}
      {children}
    </Root>
  );
}
