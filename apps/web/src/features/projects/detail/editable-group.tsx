import { Button, useToast } from '@ipportal/ui';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useFormWarning } from '../../../shared/form-warning';
import { changedFrom, useUnsavedChanges } from '../../../shared/unsaved-changes';
import type { GroupErrors } from './group-errors';
import { GroupSection } from './layout';
import type { ProjectPatch } from './use-save-project';

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
 * was canceled; Save shows success or failure.
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
  // The values the edit started from and the edited ones; null in view mode.
  const [session, setSession] = useState<{ start: D; draft: D } | null>(null);
  const draft = session?.draft ?? null;
  const [errors, setErrors] = useState<GroupErrors>({});
  const [saving, setSaving] = useState(false);
  const warning = useFormWarning();
  const idOf = (key: string) => `${prefix}-${key.replace(/\./g, '-')}`;
  // Leaving the page (link, back, reload) asks while an edit holds changes.
  useUnsavedChanges(!readOnly && session !== null && changedFrom(session.start, session.draft));

  const start = () => {
    const values = initial();
    setSession({ start: values, draft: values });
    setErrors({});
  };
  const cancel = () => {
    setSession(null);
    setErrors({});
    warning.dismiss();
    toast.info(t('projects.toast.updateCanceled'));
  };
  const change = (patch: Partial<D>) => {
    setSession((current) =>
      current === null ? current : { ...current, draft: { ...current.draft, ...patch } },
    );
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
      warning.warn(t('projects.toast.validationErrors'));
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    warning.dismiss();
    // The form passed: messages from an earlier try are out of date, whatever the server answers.
    setErrors({});
    setSaving(true);
    const ok = await save(checked.body);
    setSaving(false);
    if (ok) setSession(null);
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
