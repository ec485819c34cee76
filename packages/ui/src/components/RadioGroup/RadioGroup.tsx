import { useId } from 'react';
import styled from 'styled-components';
import type { ReactNode } from 'react';
import { ErrorText, HelpText, RequiredMark, hasError } from '../../internal/Field';
import { focusRing } from '../../internal/styles';
import { useTexts } from '../../i18n';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** Secondary line under the option label. */
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** Group label, rendered as the fieldset legend. */
  label: ReactNode;
  options: readonly RadioOption[];
  /** Selected value (controlled). */
  value?: string | null;
  /** Initial value when uncontrolled. */
  defaultValue?: string;
  /** Called with the newly selected value. */
  onChange?: (value: string) => void;
  /** Form field name; generated when omitted. */
  name?: string;
  /** Layout of the options. */
  orientation?: 'vertical' | 'horizontal';
  /** Shows the required mark and marks the radios required. */
  required?: boolean;
  /** Hint under the group. */
  helpText?: ReactNode;
  /** Error message; marks the group invalid. */
  error?: ReactNode;
  /** Disables every option. */
  disabled?: boolean;
  className?: string;
}

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
`;

const Legend = styled.legend`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

const Options = styled.div<{ $horizontal: boolean }>`
  display: flex;
  flex-direction: ${({ $horizontal }) => ($horizontal ? 'row' : 'column')};
  flex-wrap: wrap;
  gap: ${({ theme, $horizontal }) => ($horizontal ? `${theme.space.xs}px ${theme.space.xl}px` : `${theme.space.xs}px`)};
`;

const Row = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm}px;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.textDisabled : theme.colors.text)};
`;

const Radio = styled.input`
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

const Footer = styled.div`
  margin-top: ${({ theme }) => theme.space.xs}px;
`;

/**
 * A group of native radio buttons in a fieldset. Keyboard: Tab enters the group, arrow keys
 * move and select (native behaviour).
 */
export function RadioGroup({
  label,
  options,
  value,
  defaultValue,
  onChange,
  name: nameProp,
  orientation = 'vertical',
  required,
  helpText,
  error,
  disabled,
  className,
}: RadioGroupProps) {
  const texts = useTexts();
  const id = useId();
  const name = nameProp ?? id;
  const described = [hasError(error) ? `${id}-error` : null, helpText ? `${id}-help` : null].filter(Boolean);
  return (
    <Fieldset
      className={className}
      disabled={disabled}
      aria-invalid={hasError(error) || undefined}
      aria-describedby={described.length > 0 ? described.join(' ') : undefined}
    >
      <Legend>
        {label}
        {required && <RequiredMark>{texts.required}</RequiredMark>}
      </Legend>
      <Options $horizontal={orientation === 'horizontal'} role="presentation">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const isDisabled = Boolean(disabled || option.disabled);
          return (
            <Row key={option.value} htmlFor={optionId} $disabled={isDisabled}>
              <Radio
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                required={required}
                disabled={option.disabled}
                aria-describedby={option.description ? `${optionId}-desc` : undefined}
                {...(value !== undefined
                  ? { checked: value === option.value }
                  : defaultValue !== undefined
                    ? { defaultChecked: defaultValue === option.value }
                    : {})}
                onChange={(event) => {
                  if (event.target.checked) onChange?.(option.value);
                }}
              />
              <span>
                {option.label}
                {option.description && (
                  <Description id={`${optionId}-desc`}>{option.description}</Description>
                )}
              </span>
            </Row>
          );
        })}
      </Options>
      {(hasError(error) || helpText) && (
        <Footer>
          {hasError(error) && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
          {helpText && <HelpText id={`${id}-help`}>{helpText}</HelpText>}
        </Footer>
      )}
    </Fieldset>
  );
}
