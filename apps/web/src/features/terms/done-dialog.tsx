import {
  completionNoteMaxLength,
  setDeadlineStateBodySchema,
  todayInJapan,
  type SetDeadlineStateBody,
} from '@ipportal/domain';
import { Button, Dialog, TextArea, TextField } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useForm } from '../../shared/forms/use-form';
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
  const parse = (values: Record<DoneField, string>) =>
    setDeadlineStateBodySchema.safeParse({ key: deadlineKey, state: 'done', ...values });
  const form = useForm<Record<DoneField, string>>({
    defaultValues: { completedOn: today, note: '', evidenceUrl: '' },
    ids: 'done-dialog',
    resolver: (values) => {
      const parsed = parse(values);
      return parsed.success
        ? {}
        : fieldErrorsOf(parsed.error.issues, (path) => doneFields.find((field) => field === path[0]) ?? null);
    },
    onSubmit: (values) => {
      const parsed = parse(values);
      if (parsed.success) void onDone(parsed.data);
    },
  });
  const { completedOn, note, evidenceUrl } = form.values;

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
          <Button loading={saving} onClick={() => void form.handleSubmit()}>
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
          {...form.field('completedOn')}
        />
        <TextArea
          label={t('terms.doneDialog.note')}
          rows={3}
          maxLength={completionNoteMaxLength}
          {...form.field('note')}
        />
        <TextField
          type="url"
          inputMode="url"
          label={t('terms.doneDialog.evidenceUrl')}
          helpText={t('terms.doneDialog.evidenceUrlHelp')}
          {...form.field('evidenceUrl')}
        />
      </Fields>
    </Dialog>
  );
}
