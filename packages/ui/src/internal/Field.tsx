import styled, { css } from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n';
import { VisuallyHidden } from './VisuallyHidden';

export const FieldRoot = styled.div<{ $fullWidth?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs}px;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-width: 0;
`;

export const LabelRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
`;

export const Label = styled.label`
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.text};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
`;

export const RequiredMark = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space.xs}px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.textOnPrimary};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: 1.6;
  white-space: nowrap;
`;

export const HelpText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
`;

export const FooterRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
`;

export const Counter = styled.span<{ $over: boolean }>`
  margin-left: auto;
  flex: none;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
`;

/** Shared look of text inputs, selects and the combobox input. */
export const inputStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  padding: ${({ theme }) => `${theme.space.xs}px ${theme.space.md}px`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.fontSize.md};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible,
  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -1px;
    border-color: ${({ theme }) => theme.colors.focus};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textDisabled};
    border-color: ${({ theme }) => theme.colors.divider};
    cursor: not-allowed;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export interface FieldFrameProps {
  id: string;
  label?: ReactNode;
  /** id of the label element (for controls named by aria-labelledby). */
  labelId?: string;
  /** Render the label as a plain span instead of <label for>. */
  labelAs?: 'label' | 'span';
  required?: boolean;
  helpText?: ReactNode;
  error?: ReactNode;
  counter?: { count: number; max?: number };
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
}

/** ids of the help and error texts of a field, for aria-describedby. */
export function describedBy(id: string, helpText: ReactNode, error: ReactNode, hasCounter = false) {
  const ids = [
    hasError(error) ? `${id}-error` : null,
    helpText ? `${id}-help` : null,
    hasCounter ? `${id}-counter` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function hasError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

/** Label, required mark, help text, error text and counter around a control. */
export function FieldFrame({
  id,
  label,
  labelId,
  labelAs = 'label',
  required,
  helpText,
  error,
  counter,
  fullWidth,
  className,
  children,
}: FieldFrameProps) {
  const texts = useTexts();
  const over = counter?.max !== undefined && counter.count > counter.max;
  return (
    <FieldRoot className={className} $fullWidth={fullWidth}>
      {label !== undefined && (
        <LabelRow>
          <Label as={labelAs} id={labelId ?? `${id}-label`} htmlFor={labelAs === 'label' ? id : undefined}>
            {label}
          </Label>
          {required && <RequiredMark id={`${id}-required`}>{texts.required}</RequiredMark>}
        </LabelRow>
      )}
      {children}
      {(hasError(error) || helpText || counter) && (
        <FooterRow>
          <div>
            {hasError(error) && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
            {helpText && <HelpText id={`${id}-help`}>{helpText}</HelpText>}
          </div>
          {counter && (
            <Counter id={`${id}-counter`} $over={over} aria-live={over ? 'polite' : 'off'}>
              {texts.characterCount(counter.count, counter.max)}
              {over && counter.max !== undefined && (
                <VisuallyHidden>{` ${texts.characterLimitExceeded(counter.count - counter.max)}`}</VisuallyHidden>
              )}
            </Counter>
          )}
        </FooterRow>
      )}
    </FieldRoot>
  );
}
