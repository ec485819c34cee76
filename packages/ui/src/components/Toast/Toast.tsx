import styled from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from '../../icons';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { VisuallyHidden } from '../../internal/VisuallyHidden';

/** The portal's toast levels, the values of the domain's `toastLevels` code list (no `success`). */
export type ToastLevel = 'error' | 'warn' | 'info';

export const toastLevels: readonly ToastLevel[] = ['error', 'warn', 'info'];

/** A follow-up the toast offers, e.g. "Open matter" after a matter was created. */
export interface ToastAction {
  label: ReactNode;
  onClick: () => void;
}

export interface ToastProps {
  /** Severity: `error` is announced assertively, `warn` and `info` politely. */
  level: ToastLevel;
  /** Main line. */
  message: ReactNode;
  /** Optional second line, e.g. the server's error message. */
  detail?: ReactNode;
  /** A button under the message; the provider closes the toast once it was used. */
  action?: ToastAction;
  /** Called by the close button. Without it, no close button is shown. */
  onClose?: () => void;
  /** Pauses auto-dismiss while the pointer or focus is inside (set by the provider). */
  onPause?: () => void;
  onResume?: () => void;
  className?: string;
}

const Root = styled.div<{ $level: ToastLevel }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md}px;
  width: 100%;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.sm}px ${theme.space.md}px ${theme.space.lg}px`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-left: 6px solid
    ${({ theme, $level }) =>
      $level === 'error'
        ? theme.colors.danger
        : $level === 'warn'
          ? theme.colors.warning
          : theme.colors.info};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.md};
  pointer-events: auto;
`;

const IconSlot = styled.span<{ $level: ToastLevel }>`
  flex: none;
  display: flex;
  align-items: center;
  /* Centres the 20 px icon on the first text line (line-height 1.7 at 16 px). */
  height: 1.7em;
  color: ${({ theme, $level }) =>
    $level === 'error' ? theme.colors.danger : $level === 'warn' ? theme.colors.warning : theme.colors.info};
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  padding-top: 1px;
`;

const Message = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
`;

const Detail = styled.p`
  margin: ${({ theme }) => theme.space.xxs}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  white-space: pre-line;
`;

const ActionRow = styled.div`
  margin-top: ${({ theme }) => theme.space.xs}px;
`;

const icons = { error: ErrorIcon, warn: WarningIcon, info: InfoIcon } as const;

/** One notification card. Usually shown through `useToast()`, which stacks them in the corner. */
export function Toast({ level, message, detail, action, onClose, onPause, onResume, className }: ToastProps) {
  const texts = useTexts();
  const Icon = icons[level];
  return (
    <Root
      className={className}
      $level={level}
      role={level === 'error' ? 'alert' : 'status'}
      aria-live={level === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-level={level}
      onPointerEnter={onPause}
      onPointerLeave={onResume}
      onFocus={onPause}
      onBlur={onResume}
    >
      <IconSlot $level={level}>
        <Icon />
      </IconSlot>
      <Body>
        <Message>
          <VisuallyHidden>{`${texts.toastLevels[level]}: `}</VisuallyHidden>
          {message}
        </Message>
        {detail !== undefined && detail !== null && detail !== '' && <Detail>{detail}</Detail>}
        {action && (
          <ActionRow>
            <Button size="sm" variant="secondary" onClick={action.onClick}>
              {action.label}
            </Button>
          </ActionRow>
        )}
      </Body>
      {onClose && (
        <IconButton size="sm" label={texts.close} icon={<CloseIcon size={18} />} onClick={onClose} />
      )}
    </Root>
  );
}
