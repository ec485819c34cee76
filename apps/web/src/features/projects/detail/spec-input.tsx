import { parseIsoDate, toIsoDate } from '@ipportal/domain';
import type { MessageDescriptor } from '@ipportal/domain';
import { DatePicker, Select, TextArea, TextField } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FieldSpec } from './field-specs';

/** One input for a spec'd field. */
export function SpecInput({
  spec,
  value,
  onChange,
  error,
  id,
  label,
  hint,
}: {
  spec: FieldSpec;
  value: string;
  onChange: (value: string) => void;
  error?: MessageDescriptor;
  id: string;
  label?: string;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const text = label ?? t(spec.labelKey);
  const errorText = error ? t(error.key, error.params ?? {}) : undefined;
  const common = { id, label: text, error: errorText, required: spec.required, fullWidth: true };
  let input: ReactNode;
  switch (spec.kind) {
    case 'textarea':
      input = (
        <TextArea
          {...common}
          value={value}
          maxLength={spec.maxLength}
          showCounter={Boolean(spec.maxLength)}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case 'date':
      input = (
        <DatePicker
          id={id}
          label={text}
          error={errorText}
          required={spec.required}
          fullWidth
          value={value ? (parseIsoDate(value) ?? null) : null}
          onChange={(date) => onChange(date ? toIsoDate(date) : '')}
        />
      );
      break;
    case 'select':
      input = (
        <Select
          {...common}
          value={value}
          options={spec.options?.(t) ?? []}
          placeholder={spec.required ? undefined : t('projects.common.notSet')}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case 'int':
    case 'decimal':
      input = (
        <TextField
          {...common}
          inputMode={spec.kind === 'int' ? 'numeric' : 'decimal'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    default:
      input = (
        <TextField
          {...common}
          value={value}
          maxLength={spec.maxLength}
          showCounter={spec.showCounter}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  const hasHint = Array.isArray(hint) ? hint.length > 0 : Boolean(hint);
  if (hasHint) {
    return (
      <WithHint className="wide">
        <div>{input}</div>
        <div>{hint}</div>
      </WithHint>
    );
  }
  return <div className={spec.wide ? 'wide' : undefined}>{input}</div>;
}

/** A field with computed deadlines beside it (the whole row: the input, then the hints). */
export const WithHint = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.lg}px;
  & > div:first-child {
    flex: 0 1 260px;
    min-width: 200px;
  }
  & > div:last-child {
    flex: 1 1 320px;
    min-width: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.xs}px;
  }
`;
