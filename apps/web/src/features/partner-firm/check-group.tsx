import { useTexts } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { Choices, Group, GroupError, Required } from './edit-partner-firm.styles';
import { idOf } from './firm-form-values';
import type { Field } from './firm-form-values';

/**
 * A required group of checkboxes (languages, case types) as one field: its legend carries the
 * required mark, its error is announced with it, and it takes the focus when it is the first error.
 */
export function CheckGroup({
  field,
  legend,
  error,
  children,
}: {
  field: Field;
  legend: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = `${idOf(field)}-error`;
  const texts = useTexts();
  return (
    <Group
      id={idOf(field)}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {legend}
        <Required>{texts.required}</Required>
      </legend>
      <Choices>{children}</Choices>
      {error && <GroupError id={errorId}>{error}</GroupError>}
    </Group>
  );
}
