import { useDeclineDealMutation } from '@ipportal/api-client';
import type { Deal } from '@ipportal/domain';
import { Button, Dialog, TextArea, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../shared/failure-reason';
import { serverFieldErrors } from '../../shared/forms/server-refusals';
import { useForm } from '../../shared/forms/use-form';

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
  const form = useForm({
    defaultValues: { reason: '' },
    ids: formId,
    resolver: ({ reason }) => ({
      reason: reason.trim() ? undefined : { key: 'estimatePage.reasonRequired' },
    }),
    onSubmit: submit,
  });

  async function submit({ reason }: { reason: string }) {
    const result = await decline({
      projectId: deal.subject.projectId,
      requestId: deal.subject.requestId,
      dealId: deal.id,
      reason: reason.trim(),
    });
    if ('error' in result) {
      const refused = serverFieldErrors(result.error, (path) => (path === 'reason' ? path : null));
      if (refused.reason) form.setFieldErrors(refused);
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
      unsavedChanges={form.formState.isDirty}
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
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <TextArea
          label={t('estimatePage.declineReason')}
          required
          rows={4}
          maxLength={1000}
          showCounter
          fullWidth
          {...form.field('reason')}
        />
      </form>
    </Dialog>
  );
}
