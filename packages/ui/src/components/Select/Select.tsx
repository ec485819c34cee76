import { useId } from 'react';
import styled from 'styled-components';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, describedBy, hasError, inputStyles } from '../../internal/Field';
import { useTexts } from '../../i18n';
import { ChevronDownIcon } from '../../icons';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'multiple' | 'size'> {
  /** Visible label. */
  label: ReactNode;
  /** Options in display order. */
  options: readonly SelectOption[];
  /** Text of the empty first option. Defaults to the built-in "Select..." text; `null` hides it. */
  placeholder?: string | null;
  /** Shows the required mark and sets `required`. */
  required?: boolean;
  /** Hint under the field. */
  helpText?: ReactNode;
  /** Error message; marks the field invalid. */
  error?: ReactNode;
  /** Stretches to the container width. */
  fullWidth?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

const Native = styled.select<{ $invalid: boolean }>`
  ${inputStyles}
  appearance: none;
  padding-right: ${({ theme }) => theme.space.xxl}px;
  cursor: pointer;
`;

const Wrap = styled.div`
  position: relative;
  display: flex;
  & > svg {
    position: absolute;
    right: ${({ theme }) => theme.space.md}px;
    top: 50%;
    transform: translateY(-50%);
    pointer-events: none;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** A native select (best keyboard and screen-reader support) with the field frame. For long lists use `Combobox`. */
export function Select({
  label,
  options,
  placeholder,
  required,
  helpText,
  error,
  fullWidth,
  id: idProp,
  className,
  ref,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const texts = useTexts();
  const id = idProp ?? autoId;
  const placeholderText = placeholder === undefined ? texts.selectPlaceholder : placeholder;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      helpText={helpText}
      error={error}
      fullWidth={fullWidth}
      className={className}
    >
      <Wrap>
        <Native
          ref={ref}
          id={id}
          required={required}
          aria-invalid={hasError(error) || undefined}
          aria-describedby={describedBy(id, helpText, error)}
          $invalid={hasError(error)}
          {...rest}
        >
          {placeholderText !== null && <option value="">{placeholderText}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </Native>
        <ChevronDownIcon size={18} />
      </Wrap>
    </FieldFrame>
  );
}
