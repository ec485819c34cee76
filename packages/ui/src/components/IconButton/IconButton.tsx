import styled from 'styled-components';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { StyledButton } from '../Button/Button';
import type { ButtonSize, ButtonVariant } from '../Button/Button';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  /** Accessible name (also shown as the native tooltip). Required because the button shows only an icon. */
  label: string;
  /** The icon, e.g. `<CloseIcon />`. */
  icon: ReactNode;
  /** Visual weight; defaults to `tertiary` (no fill). */
  variant?: ButtonVariant;
  /** Square size: sm 32, md 40, lg 48 px. */
  size?: ButtonSize;
  /** Native `type`; defaults to `button`. */
  type?: 'button' | 'submit' | 'reset';
  ref?: Ref<HTMLButtonElement>;
}

const Square = styled(StyledButton)<{ $size: ButtonSize }>`
  padding: 0;
  width: ${({ theme, $size }) => theme.layout.controlHeight[$size]}px;
  min-width: ${({ theme, $size }) => theme.layout.controlHeight[$size]}px;
  flex: none;
`;

/** A square button that shows only an icon; its `label` names it for assistive technology. */
export function IconButton({
  label,
  icon,
  variant = 'tertiary',
  size = 'md',
  type = 'button',
  title,
  ref,
  ...rest
}: IconButtonProps) {
  return (
    <Square
      ref={ref}
      type={type}
      aria-label={label}
      title={title ?? label}
      $variant={variant}
      $size={size}
      $fullWidth={false}
      {...rest}
    >
      {icon}
    </Square>
  );
}
