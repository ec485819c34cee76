import styled, { css } from 'styled-components';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { focusRing } from '../../internal/styles';
import { VisuallyHidden } from '../../internal/VisuallyHidden';
import { useTexts } from '../../i18n';
import { Spinner } from '../Spinner/Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Visual weight: `primary` for the main action of a view, `secondary` for others, `tertiary` for low-emphasis text buttons, `danger` for destructive actions. */
  variant?: ButtonVariant;
  /** Height: sm 32 px, md 40 px, lg 48 px. */
  size?: ButtonSize;
  /** Shows a spinner in place of the label, marks the button busy and blocks clicks; the width stays the same. */
  loading?: boolean;
  /** Stretches to the container width. */
  fullWidth?: boolean;
  /** Icon before the label. */
  startIcon?: ReactNode;
  /** Icon after the label. */
  endIcon?: ReactNode;
  /** The label. */
  children?: ReactNode;
  /** Native `type`; defaults to `button` so a button never submits a form by accident. */
  type?: 'button' | 'submit' | 'reset';
  ref?: Ref<HTMLButtonElement>;
}

export const variantStyles = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.textOnPrimary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryHover};
    }
    &:active:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryActive};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primarySubtle};
    }
  `,
  tertiary: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primarySubtle};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.textOnPrimary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerHover};
    }
  `,
};

export const StyledButton = styled.button<{
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm}px;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ theme, $size }) => theme.layout.controlHeight[$size]}px;
  padding: 0 ${({ theme, $size }) => ($size === 'sm' ? theme.space.md : theme.space.lg)}px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md}px;
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.typography.fontSize.sm : theme.typography.fontSize.md)};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
  white-space: nowrap;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.timing.transitionMs}ms;
  ${({ $variant }) => variantStyles[$variant]}
  ${focusRing}

  &:disabled {
    cursor: not-allowed;
    background: ${({ theme, $variant }) => ($variant === 'tertiary' ? 'transparent' : theme.colors.surfaceMuted)};
    border-color: ${({ theme, $variant }) => ($variant === 'tertiary' ? 'transparent' : theme.colors.divider)};
    color: ${({ theme }) => theme.colors.textDisabled};
  }
  &[aria-busy='true'] {
    cursor: progress;
  }
`;

const Content = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: inherit;
  opacity: ${({ $hidden }) => ($hidden ? 0 : 1)};
`;

const SpinnerSlot = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;

/** The main action control. While `loading`, a spinner replaces the label and the button ignores clicks. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  startIcon,
  endIcon,
  children,
  type = 'button',
  disabled,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const texts = useTexts();
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      <Content $hidden={loading}>
        {startIcon}
        {children}
        {endIcon}
      </Content>
      {loading && (
        <SpinnerSlot>
          <Spinner size={size === 'lg' ? 'md' : 'sm'} label={null} />
          <VisuallyHidden>{texts.loading}</VisuallyHidden>
        </SpinnerSlot>
      )}
    </StyledButton>
  );
}
