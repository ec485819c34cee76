import {
  useAcceptRequestMutation,
  useCompleteRequestMutation,
  useDeclineRequestMutation,
} from '@ipportal/api-client';
import { declineRequestBodySchema, describeIssue } from '@ipportal/domain';
import type { MessageDescriptor, RequestSummary } from '@ipportal/domain';
import { Button, Dialog, Spinner, TextArea, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';

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
 * The addressed office's moves on one request: accept a request not yet supported
 * (status 1 -> 2), mark a request in external handling supported (2 -> 3), or decline a request
 * not yet supported with a reason. Only the moves the status allows are offered; the server
 * refuses the others (409) and its reason shows in the toast.
 */
export function RequestActions({ request }: { request: RequestSummary }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failed = useFailureToast();
  const [accept, { isLoading: accepting }] = useAcceptRequestMutation();
  const [complete, { isLoading: completing }] = useCompleteRequestMutation();
  const [declineOpen, setDeclineOpen] = useState(false);
  const key = { projectId: request.projectId, requestId: request.requestId };
  const busy = accepting || completing;
  const declined = request.declinedAt !== null;

  const run = async (action: 'accept' | 'complete') => {
    const result = await (action === 'accept' ? accept(key) : complete(key));
    if ('error' in result) failed(result.error);
    else toast.info(t(`requests.action.${action}Success`), { detail: request.name });
  };

  if (busy) return <Spinner size="sm" label={t('requests.form.saving')} />;
  return (
    <>
      {request.status === 1 && !declined && (
        <>
          <Button size="sm" onClick={() => void run('accept')}>
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
      onClose={() => {
        if (!isLoading) onClose();
      }}
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
          error={error ? t(error.key, error.params) : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <Footer>
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
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
