import styled from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { Spinner } from '../Spinner/Spinner';

export interface LoadingTextProps {
  /** Text to show; defaults to the built-in "Loading..." text. */
  children?: ReactNode;
  /** Centers it in the available space (e.g. while a page loads). */
  block?: boolean;
  className?: string;
}

const Root = styled.div<{ $block: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme, $block }) => ($block ? `${theme.space.xxl}px` : 0)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A spinner with visible loading text, announced politely (shown while pages load). */
export function LoadingText({ children, block = false, className }: LoadingTextProps) {
  const texts = useTexts();
  return (
    <Root className={className} $block={block} role="status" aria-live="polite">
      <Spinner size="sm" label={null} />
      <span>{children ?? texts.loading}</span>
    </Root>
  );
}
