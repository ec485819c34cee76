import {
  completionNoteMaxLength,
  setDeadlineStateBodySchema,
  todayInJapan,
  type SetDeadlineStateBody,
} from '@ipportal/domain';
import { Button, Dialog, TextArea, TextField } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { fieldErrorsOf } from '../../shared/forms/validation';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
`;

type DoneField = 'completedOn' | 'note' | 'evidenceUrl';
const doneFields: readonly DoneField[] = ['completedOn', 'note', 'evidenceUrl'];

export interface DoneDialogProps {
  open: boolean;
  /** The deadline's key, as the body names it. */
  deadlineKey: string;
  saving: boolean;
  onClose: () => void;
  /** Sends the decision; true when the server took it (the dialog then closes). */
  onDone: (body: SetDeadlineStateBody) => Promise<boolean>;
}

/**
 * Marking a deadline done asks first: the day the work was done (today in Japan, never later), an
 * optional note and an evidence link. The domain's body schema checks them here as on the server.
 */
export function DoneDialog({ open, deadlineKey, saving, onClose, onDone }: DoneDialogProps) {
  const { t } = useTranslation();
  const today = todayInJapan();
  const [completedOn, setCompletedOn] = useState(today);
  const [note, setNote] = useState('');
  const [evidenceUrl, setEvidenceUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors<DoneField>>({});
  const message = (field: DoneField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : undefined;
  };
  const edit = (field: DoneField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const parsed = setDeadlineStateBodySchema.safeParse({
      key: deadlineKey,
      state: 'done',
      completedOn,
      note,
      evidenceUrl,
    });
    if (!parsed.success) {
      setErrors(
        fieldErrorsOf(parsed.error.issues, (path) => {
          const field = path[0] as DoneField;
          return doneFields.includes(field) ? field : null;
        }),
      );
      return;
    }
    void onDone(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('terms.doneDialog.title')}
      description={t('terms.doneDialog.description')}
      unsavedChanges={note.trim() !== '' || evidenceUrl.trim() !== '' || completedOn !== today}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('terms.doneDialog.cancel')}
          </Button>
          <Button loading={saving} onClick={submit}>
            {t('terms.doneDialog.submit')}
          </Button>
        </>
      }
    >
      <Fields>
        <TextField
          type="date"
          label={t('terms.doneDialog.completedOn')}
          helpText={t('terms.doneDialog.completedOnHelp')}
          required
          max={today}
          value={completedOn}
          error={message('completedOn')}
          onChange={(event) => edit('completedOn', setCompletedOn)(event.target.value)}
        />
        <TextArea
          label={t('terms.doneDialog.note')}
          rows={3}
          maxLength={completionNoteMaxLength}
          value={note}
          error={message('note')}
          onChange={(event) => edit('note', setNote)(event.target.value)}
        />
        <TextField
          type="url"
          inputMode="url"
          label={t('terms.doneDialog.evidenceUrl')}
          helpText={t('terms.doneDialog.evidenceUrlHelp')}
          value={evidenceUrl}
          error={message('evidenceUrl')}
          onChange={(event) => edit('evidenceUrl', setEvidenceUrl)(event.target.value)}
        />
      </Fields>
    </Dialog>
  );
}
