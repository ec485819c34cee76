import { isApiError, useSetPensionDecisionMutation } from '@ipportal/api-client';
import { Button, Dialog, TextArea, useToast } from '@ipportal/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await decide({ projectId, year, body: { decision: 'lapse', reason } });
    if ('error' in result) {
      const failure = result.error;
      setError(
        isApiError(failure)
          ? (failure.fieldErrors?.[0]?.message ?? failure.serverMessage ?? undefined)
          : undefined,
      );
      document.getElementById(`${formId}-reason`)?.focus();
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
      unsavedChanges={reason.trim() !== ''}
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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <TextArea
          id={`${formId}-reason`}
          label={t('pension.decision.reasonLabel')}
          required
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          error={error}
          fullWidth
        />
      </form>
    </Dialog>
  );
}
