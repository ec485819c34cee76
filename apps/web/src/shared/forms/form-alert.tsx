import { ErrorIcon, InfoIcon, SuccessIcon } from '@ipportal/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export type FormAlertTone = 'error' | 'success' | 'info';

const Root = styled.div<{ $tone: FormAlertTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border: 1px solid
    ${({ theme, $tone }) => ({ error: theme.colors.danger, success: theme.colors.success, info: theme.colors.info })[$tone]};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $tone }) =>
    ({
      error: theme.colors.dangerSubtle,
      success: theme.colors.successSubtle,
      info: theme.colors.infoSubtle,
    })[$tone]};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  & > svg {
    flex: none;
    margin-top: 0.15em;
    color: ${({ theme, $tone }) => ({ error: theme.colors.danger, success: theme.colors.success, info: theme.colors.info })[$tone]};
  }
`;

const Body = styled.div`
  min-width: 0;
  /* "message\nserver message" (an API failure and its reason) shows on two lines. */
  white-space: pre-line;
  overflow-wrap: anywhere;
  & > p {
    margin: 0;
  }
  & > p + p {
    margin-top: ${({ theme }) => theme.space.xs}px;
  }
`;

const icons = { error: ErrorIcon, success: SuccessIcon, info: InfoIcon } as const;

/**
 * A message above or inside a form: an error (announced at once), or a success / info notice.
 * Multi-line texts keep their line breaks.
 */
export function FormAlert({
  tone = 'error',
  children,
  id,
}: {
  tone?: FormAlertTone;
  children: ReactNode;
  id?: string;
}) {
  const Icon = icons[tone];
  return (
    <Root $tone={tone} role={tone === 'error' ? 'alert' : 'status'} id={id}>
      <Icon size={18} aria-hidden="true" />
      <Body>{children}</Body>
    </Root>
  );
}
