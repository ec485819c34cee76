import {
  useAcceptRequestMutation,
  useCompleteRequestMutation,
  useDeclineRequestMutation,
} from '@ipportal/api-client';
import { declineRequestBodySchema, describeIssue } from '@ipportal/domain';
import type { MessageDescriptor, RequestSummary } from '@ipportal/domain';
import { Button, ConfirmDialog, Dialog, Spinner, TextArea, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';
import { useUnsavedChanges } from '../../shared/unsaved-changes';

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-top: ${({ theme }) => theme.space.lg}px;
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
`;

function useFailureToast() {
  const { t } = useTranslation();
  const toast = useToast();
  return (error: unknown) => {
    toast.error(t('requests.action.failed'), { detail: failureReason(error) });
  };
}

/**
 * The addressed office's moves on one request: accept a request not started yet
 * (status 1 -> 2, after a confirmation: it cannot be taken back), mark a request in progress
 * (external) completed (2 -> 3), or decline a request not started yet with a reason. Only the
 * moves the status allows are offered; the server refuses the others (409) and its reason shows
 * in the toast.
 */
export function RequestActions({ request }: { request: RequestSummary }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failed = useFailureToast();
  const [accept, { isLoading: accepting }] = useAcceptRequestMutation();
  const [complete, { isLoading: completing }] = useCompleteRequestMutation();
  const [declineOpen, setDeclineOpen] = useState(false);
  const [acceptOpen, setAcceptOpen] = useState(false);
  const key = { projectId: request.projectId, requestId: request.requestId };
  const declined = request.declinedAt !== null;

  const run = async (action: 'accept' | 'complete') => {
    const result = await (action === 'accept' ? accept(key) : complete(key));
    setAcceptOpen(false);
    if ('error' in result) failed(result.error);
    else toast.info(t(`requests.action.${action}Success`), { detail: request.name });
  };

  if (completing) return <Spinner size="sm" label={t('requests.form.saving')} />;
  return (
    <>
      {request.status === 1 && !declined && (
        <>
          <Button size="sm" onClick={() => setAcceptOpen(true)}>
            {t('requests.action.accept')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeclineOpen(true)}>
            {t('requests.action.decline')}
          </Button>
        </>
      )}
      {request.status === 2 && (
        <Button size="sm" onClick={() => void run('complete')}>
          {t('requests.action.complete')}
        </Button>
      )}
      <ConfirmDialog
        open={acceptOpen}
        title={t('requests.accept.title')}
        message={t('requests.accept.description', { name: request.name })}
        confirmLabel={t('requests.accept.submit')}
        cancelLabel={t('requests.common.cancel')}
        loading={accepting}
        onConfirm={() => void run('accept')}
        onCancel={() => setAcceptOpen(false)}
      />
      <DeclineDialog request={request} open={declineOpen} onClose={() => setDeclineOpen(false)} />
    </>
  );
}

function DeclineDialog({
  request,
  open,
  onClose,
}: {
  request: RequestSummary;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const failed = useFailureToast();
  const [decline, { isLoading }] = useDeclineRequestMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const fieldId = `decline-reason-${request.id}`;
  const unsaved = open && reason !== '';
  useUnsavedChanges(unsaved);
  // Closing discards the reason: the next opening starts empty.
  const close = () => {
    if (isLoading) return;
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = declineRequestBodySchema.safeParse({ reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? describeIssue(issue) : { key: 'validation.invalidValue' });
      document.getElementById(fieldId)?.focus();
      return;
    }
    const result = await decline({
      projectId: request.projectId,
      requestId: request.requestId,
      ...parsed.data,
    });
    if ('error' in result) {
      failed(result.error);
      return;
    }
    toast.info(t('requests.action.declineSuccess'), { detail: request.name });
    setReason('');
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={t('requests.decline.title')}
      unsavedChanges={unsaved}
      onClose={close}
      closeOnBackdrop={false}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Lead>{t('requests.decline.description', { name: request.name })}</Lead>
        <TextArea
          id={fieldId}
          label={t('requests.decline.reason')}
          required
          fullWidth
          rows={4}
          maxLength={2000}
          value={reason}
          error={error ? t(error.key, error.params ?? {}) : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <Footer>
          <Button variant="secondary" disabled={isLoading} onClick={close}>
            {t('requests.common.cancel')}
          </Button>
          {isLoading ? (
            <Spinner label={t('requests.form.saving')} />
          ) : (
            <Button type="submit" variant="danger">
              {t('requests.decline.submit')}
            </Button>
          )}
        </Footer>
      </form>
    </Dialog>
  );
}
