import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { hasError } from '../../internal/Field';
import { focusRing } from '../../internal/styles';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> {
  /** Visible label; clicking it toggles the box. */
  label: ReactNode;
  /** Secondary line under the label. */
  description?: ReactNode;
  /** Shows the mixed state (e.g. "select all" with some rows selected). */
  indeterminate?: boolean;
  /** Error message; marks the box invalid. */
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs}px;
`;

const Row = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm}px;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.textDisabled : theme.colors.text)};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
`;

const Box = styled.input`
  flex: none;
  width: 18px;
  height: 18px;
  margin: 0.25em 0 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: inherit;
  ${focusRing}
`;

const Description = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0 0 0 26px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

/** A native checkbox with its label, optional description, mixed state and error text. */
export function Checkbox({
  label,
  description,
  indeterminate = false,
  error,
  id: idProp,
  disabled,
  className,
  ref,
  ...rest
}: CheckboxProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const innerRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (innerRef.current) innerRef.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const describedBy = [hasError(error) ? `${id}-error` : null, description ? `${id}-desc` : null].filter(
    Boolean,
  );
  return (
    <Root className={className}>
      <Row htmlFor={id} $disabled={Boolean(disabled)}>
        <Box
          ref={(node) => {
            innerRef.current = node;
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
          }}
          id={id}
          type="checkbox"
          disabled={disabled}
          aria-invalid={hasError(error) || undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          {...rest}
        />
        <span>
          {label}
          {description && <Description id={`${id}-desc`}>{description}</Description>}
        </span>
      </Row>
      {hasError(error) && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Root>
  );
}
