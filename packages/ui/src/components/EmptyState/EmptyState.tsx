import styled from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { InboxIcon } from '../../icons';

export interface EmptyStateProps {
  /** Main line; defaults to the built-in "Nothing to show" text. */
  title?: ReactNode;
  /** Explanation or next step. */
  description?: ReactNode;
  /** Illustration or icon; defaults to an inbox icon. Pass `null` for none. */
  icon?: ReactNode;
  /** A call to action, e.g. a Button. */
  action?: ReactNode;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.xxl}px ${theme.space.lg}px`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.text};
`;

const Description = styled.p`
  margin: 0;
  max-width: 36em;
  /* Even line lengths: a Japanese sentence otherwise leaves a few characters alone on the last line. */
  text-wrap: balance;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const Action = styled.div`
  margin-top: ${({ theme }) => theme.space.sm}px;
`;

/** What a list or page shows when it has nothing, with an optional next step. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 3,
  className,
}: EmptyStateProps) {
  const texts = useTexts();
  return (
    <Root className={className}>
      {icon === undefined ? <InboxIcon size={40} /> : icon}
      <Title as={`h${headingLevel}`}>{title ?? texts.emptyState}</Title>
      {description && <Description>{description}</Description>}
      {action && <Action>{action}</Action>}
    </Root>
  );
}
