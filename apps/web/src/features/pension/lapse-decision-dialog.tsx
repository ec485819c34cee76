import { isApiError, useSetPensionDecisionMutation } from '@ipportal/api-client';
import { Button, Dialog, TextArea, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../shared/forms/use-form';

const formId = 'pension-lapse-decision';

/** Decides not to pay (the right lapses), with the reason the history keeps. */
export function LapseDecisionDialog({
  projectId,
  year,
  yearsLabel,
  onClose,
}: {
  projectId: string;
  year: number;
  yearsLabel: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [decide, { isLoading }] = useSetPensionDecisionMutation();
  const form = useForm({ defaultValues: { reason: '' }, ids: formId, onSubmit: submit });

  async function submit({ reason }: { reason: string }) {
    const result = await decide({ projectId, year, body: { decision: 'lapse', reason } });
    if ('error' in result) {
      const failure = result.error;
      // The reason is the only field: whatever the server refused is said there.
      const message = isApiError(failure)
        ? (failure.fieldErrors?.[0]?.message ?? failure.serverMessage)
        : null;
      if (message) form.setError('reason', message);
      else document.getElementById(form.idOf('reason'))?.focus();
      return;
    }
    toast.info(t('pension.decisionSaved'));
    onClose();
  }

  return (
    <Dialog
      open
      onClose={() => !isLoading && onClose()}
      title={t('pension.decision.dialogTitle', { years: yearsLabel })}
      description={t('pension.decision.dialogDescription')}
      unsavedChanges={form.values.reason.trim() !== ''}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {t('pension.decision.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            {t('pension.decision.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <TextArea
          label={t('pension.decision.reasonLabel')}
          required
          maxLength={500}
          {...form.field('reason')}
          fullWidth
        />
      </form>
    </Dialog>
  );
}
