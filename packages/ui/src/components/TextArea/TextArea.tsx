import { useId } from 'react';
import styled from 'styled-components';
import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, describedBy, hasError, inputStyles } from '../../internal/Field';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Visible label. */
  label: ReactNode;
  /** Shows the required mark and sets `required`. */
  required?: boolean;
  /** Hint under the field. */
  helpText?: ReactNode;
  /** Error message; marks the field invalid. */
  error?: ReactNode;
  /**
   * Shows a character counter; with `maxLength` it reads "count / max". With a counter the text
   * is not cut at `maxLength`: what is typed or pasted past it stays, the counter shows the excess
   * and the field is marked invalid (the form's validation then refuses it with a message).
   * Without a counter the browser stops at `maxLength`.
   */
  showCounter?: boolean;
  /** Stretches to the container width. */
  fullWidth?: boolean;
  /** Visible rows; defaults to 4. */
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

const Area = styled.textarea<{ $invalid: boolean }>`
  ${inputStyles}
  padding-top: ${({ theme }) => theme.space.sm}px;
  padding-bottom: ${({ theme }) => theme.space.sm}px;
  resize: vertical;
`;

/** Multi-line text input with label, required mark, help text, error text and counter. */
export function TextArea({
  label,
  required,
  helpText,
  error,
  showCounter,
  fullWidth,
  rows = 4,
  id: idProp,
  className,
  maxLength,
  value,
  defaultValue,
  ref,
  ...rest
}: TextAreaProps) {
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
      <Area
        ref={ref}
        id={id}
        rows={rows}
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
