import { isApiError, useDeclineDealMutation } from '@ipportal/api-client';
import type { Deal } from '@ipportal/domain';
import { Button, Dialog, TextArea, useToast } from '@ipportal/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../shared/failure-reason';

const formId = 'decline-estimate';

/**
 * Declines a sent estimate with a reason (required; the office reads it). A refusal keeps the
 * dialog open with what was typed: a reason on the field, anything else (already answered,
 * expired) in a toast with the server's translated reason.
 */
export function DeclineDialog({ deal, onClose }: { deal: Deal; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [decline, { isLoading }] = useDeclineDealMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('estimatePage.reasonRequired'));
      document.getElementById(`${formId}-reason`)?.focus();
      return;
    }
    const result = await decline({
      projectId: deal.subject.projectId,
      requestId: deal.subject.requestId,
      dealId: deal.id,
      reason: reason.trim(),
    });
    if ('error' in result) {
      const problem = isApiError(result.error)
        ? result.error.fieldErrors?.find((field) => field.path === 'reason')
        : undefined;
      if (problem) setError(problem.message);
      else toast.error(t('estimatePage.declineFailed'), { detail: failureReason(result.error) });
      return;
    }
    toast.info(t('estimatePage.declined'));
    onClose();
  }

  return (
    <Dialog
      open
      onClose={() => !isLoading && onClose()}
      title={t('estimatePage.declineTitle', { number: deal.number })}
      description={t('estimatePage.declineDescription')}
      unsavedChanges={reason.length > 0}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {t('estimatePage.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={isLoading}>
            {t('estimatePage.declineConfirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <TextArea
          id={`${formId}-reason`}
          label={t('estimatePage.declineReason')}
          required
          rows={4}
          maxLength={1000}
          showCounter
          fullWidth
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
      </form>
    </Dialog>
  );
}
