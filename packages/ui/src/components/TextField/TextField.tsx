import { useId } from 'react';
import styled from 'styled-components';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame, describedBy, hasError, inputStyles } from '../../internal/Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Visible label. */
  label: ReactNode;
  /** Shows the required mark and sets `required` / `aria-required`. */
  required?: boolean;
  /** Hint under the field. */
  helpText?: ReactNode;
  /** Error message; when set the field is marked invalid and the message is linked to it. */
  error?: ReactNode;
  /**
   * Shows a character counter ("12 / 100" with `maxLength`). Counts Unicode code points. With a
   * counter the input is not cut at `maxLength`: text typed or pasted past it stays, the counter
   * shows the excess and the field is marked invalid, so nothing is lost silently (the form's
   * validation then refuses it with a message). Without a counter the browser stops at `maxLength`.
   */
  showCounter?: boolean;
  /** Stretches to the container width. */
  fullWidth?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const Input = styled.input<{ $invalid: boolean }>`
  ${inputStyles}
`;

/** Single-line text input with label, required mark, help text, error text and optional counter. */
export function TextField({
  label,
  required,
  helpText,
  error,
  showCounter,
  fullWidth,
  id: idProp,
  className,
  maxLength,
  value,
  defaultValue,
  ref,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const text = typeof value === 'string' ? value : typeof defaultValue === 'string' ? defaultValue : '';
  const counter = showCounter ? { count: [...text].length, max: maxLength } : undefined;
  // A value set from outside (e.g. loaded data) can exceed maxLength: show the field as invalid too.
  const invalid = hasError(error) || (maxLength !== undefined && [...text].length > maxLength);
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      helpText={helpText}
      error={error}
      counter={counter}
      fullWidth={fullWidth}
      className={className}
    >
      <Input
        ref={ref}
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, helpText, error, Boolean(counter))}
        maxLength={showCounter ? undefined : maxLength}
        value={value}
        defaultValue={defaultValue}
        $invalid={invalid}
        {...rest}
      />
    </FieldFrame>
  );
}
