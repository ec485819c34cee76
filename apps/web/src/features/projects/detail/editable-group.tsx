import { apiErrorText, isApiError, useUpdateProjectMutation } from '@ipportal/api-client';
import type { UpdateProjectArgs } from '@ipportal/api-client';
import { describeIssue, parseIsoDate, toIsoDate, ValidationMessage } from '@ipportal/domain';
import type { MessageDescriptor } from '@ipportal/domain';
import { Button, DatePicker, Select, TextArea, TextField, useToast } from '@ipportal/ui';
import type { SelectOption } from '@ipportal/ui';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { GroupSection } from './layout';

export type ProjectPatch = UpdateProjectArgs['body'];

/** Field errors of a group's form, by field key (`name`, or `2.name` in a list). */
export type GroupErrors = Record<string, MessageDescriptor | undefined>;

export interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  maximum?: unknown;
}

/** What the groups use of a zod schema (the web app does not depend on zod itself). */
export interface SchemaLike<T = unknown> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** The first message of each field; numbers out of range say "invalid value", not "too long". */
export function groupErrorsOf(
  issues: readonly IssueLike[],
  numericFields: ReadonlySet<string> = new Set(),
): GroupErrors {
  const errors: GroupErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key]) continue;
    const field = String(issue.path[issue.path.length - 1] ?? '');
    errors[key] =
      numericFields.has(field) && (issue.code === 'too_big' || issue.code === 'too_small')
        ? { key: ValidationMessage.invalidValue }
        : describeIssue(issue);
  }
  return errors;
}

/** The text of an API failure for a toast's detail line: the server's message. */
export function failureDetail(error: unknown, t: TFunction): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.serverMessage) return error.serverMessage;
  return error.messageKey ? undefined : apiErrorText(error, t);
}

/**
 * PATCH /projects/{id} with toasts (spec section 8): update successful / failed (server message
 * as detail). Answers whether it worked.
 */
export function useSaveProject(projectId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update] = useUpdateProjectMutation();
  return async (
    body: ProjectPatch,
    messages: { success: string; failure: string } = {
      success: 'projects.toast.updateSuccess',
      failure: 'projects.toast.updateFailed',
    },
  ): Promise<boolean> => {
    const result = await update({ id: projectId, body });
    if ('error' in result) {
      toast.error(t(messages.failure), { detail: failureDetail(result.error, t) });
      return false;
    }
    toast.info(t(messages.success));
    return true;
  };
}

const FormFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-top: ${({ theme }) => theme.space.xl}px;
`;

export interface EditableGroupProps<D> {
  title: string;
  /** Deleted matters are read-only: no edit button. */
  readOnly: boolean;
  /** The form's values when editing starts. */
  initial: () => D;
  /** The group in view mode. */
  view: ReactNode;
  edit: (
    draft: D,
    change: (patch: Partial<D>) => void,
    errors: GroupErrors,
    idOf: (key: string) => string,
  ) => ReactNode;
  /** The PATCH body, or the field errors. */
  validate: (draft: D) => { body: ProjectPatch } | { errors: GroupErrors };
  /** Saves the body; answers whether it worked (it shows its own toasts). */
  save: (body: ProjectPatch) => Promise<boolean>;
  /** Extra buttons next to Edit in view mode. */
  extraActions?: ReactNode;
  id?: string;
}

/**
 * One field group of the matter info: view mode with an Edit button; edit mode with Save and
 * Cancel. Validation problems give the warning toast and field messages; Cancel says the update
 * was canceled; Save shows success or failure (spec section 8).
 */
export function EditableGroup<D>({
  title,
  readOnly,
  initial,
  view,
  edit,
  validate,
  save,
  extraActions,
  id,
}: EditableGroupProps<D>) {
  const { t } = useTranslation();
  const toast = useToast();
  const prefix = useId();
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<GroupErrors>({});
  const [saving, setSaving] = useState(false);
  const idOf = (key: string) => `${prefix}-${key.replace(/\./g, '-')}`;

  const start = () => {
    setDraft(initial());
    setErrors({});
  };
  const cancel = () => {
    setDraft(null);
    setErrors({});
    toast.info(t('projects.toast.updateCanceled'));
  };
  const change = (patch: Partial<D>) => {
    setDraft((current) => (current === null ? current : { ...current, ...patch }));
    const keys = Object.keys(patch);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(next)) {
        if (keys.some((k) => key === k || key.startsWith(`${k}.`))) delete next[key];
      }
      return next;
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || saving) return;
    const checked = validate(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      toast.warn(t('projects.toast.validationErrors'));
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setSaving(true);
    const ok = await save(checked.body);
    setSaving(false);
    if (ok) setDraft(null);
  };

  const editing = draft !== null && !readOnly;
  return (
    <GroupSection
      id={id}
      title={title}
      actions={
        editing || readOnly ? undefined : (
          <>
            {extraActions}
            <Button
              variant="secondary"
              size="sm"
              onClick={start}
              aria-label={t('projects.detail.editGroup', { group: title })}
            >
              {t('projects.detail.edit')}
            </Button>
          </>
        )
      }
    >
      {editing ? (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
          {edit(draft, change, errors, idOf)}
          <FormFooter>
            <Button variant="secondary" onClick={cancel} disabled={saving}>
              {t('projects.detail.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('projects.detail.save')}
            </Button>
          </FormFooter>
        </form>
      ) : (
        view
      )}
    </GroupSection>
  );
}

/* ---- Fields described by specs (the groups of plain values) ---- */

export type FieldKind = 'text' | 'textarea' | 'date' | 'int' | 'decimal' | 'select';

export interface FieldSpec {
  key: string;
  labelKey: string;
  kind: FieldKind;
  maxLength?: number;
  options?: (t: TFunction) => SelectOption[];
  /** Takes the whole row of the grid. */
  wide?: boolean;
  required?: boolean;
}

export type Draft = Record<string, string>;

/** A stored value as form text ('' for none). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export function draftOf(specs: readonly FieldSpec[], values: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const spec of specs) {
    const value = values[spec.key];
    draft[spec.key] = textOf(value);
  }
  return draft;
}

/** The draft as the API takes it: empty means null, numbers as numbers (or as typed when not numbers). */
export function valuesOf(specs: readonly FieldSpec[], draft: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const raw = (draft[spec.key] ?? '').trim();
    if (spec.kind === 'int' || spec.kind === 'decimal') {
      const pattern = spec.kind === 'int' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
      out[spec.key] = raw === '' ? null : pattern.test(raw) ? Number(raw) : raw;
    } else if (spec.kind === 'select') {
      out[spec.key] = raw === '' ? null : raw;
    } else {
      out[spec.key] = raw === '' ? null : raw;
    }
  }
  return out;
}

export function numericKeys(specs: readonly FieldSpec[]): Set<string> {
  return new Set(specs.filter((s) => s.kind === 'int' || s.kind === 'decimal').map((s) => s.key));
}

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
  const errorText = error ? t(error.key, error.params) : undefined;
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
