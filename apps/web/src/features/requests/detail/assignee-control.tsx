import {
  isApiError,
  useListRequestAssigneeCandidatesQuery,
  useUpdateRequestAssigneeMutation,
} from '@ipportal/api-client';
import type { RequestDetail } from '@ipportal/domain';
import { Button, Dialog, LoadingText, Select, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useUnsavedChanges } from '../../../shared/unsaved-changes';
import { WarningNote } from './warning-note';

const Inline = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
`;

/**
 * The request's assignee, and for the client side a way to hand it to someone else: a small
 * dialog listing who the API allows (the people who see the matter: the organization's
 * administrators and the members assigned to it, or the owner alone). Offices and a deleted
 * matter's requests only show the name.
 */
export function AssigneeControl({ request, canChange }: { request: RequestDetail; canChange: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = request.assignee
    ? request.assignee.name || t('requestDetail.assignee.unnamed')
    : t('requestDetail.assignee.none');
  return (
    <Inline>
      <span>{t('requestDetail.assignee.label', { name })}</span>
      {canChange && (
        <Button variant="tertiary" size="sm" onClick={() => setOpen(true)}>
          {t('requestDetail.assignee.change')}
        </Button>
      )}
      {open && <AssigneeDialog request={request} onClose={() => setOpen(false)} />}
    </Inline>
  );
}

function AssigneeDialog({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const key = { projectId: request.projectId, requestId: request.requestId };
  const { data: candidates, isLoading, isError } = useListRequestAssigneeCandidatesQuery(key);
  const [update, { isLoading: saving }] = useUpdateRequestAssigneeMutation();
  // Untouched: the current assignee. An assignee who no longer sees the matter (unassigned from
  // it) stays recorded on the request but is no candidate: the dialog says so and starts empty,
  // since the API refuses to keep them.
  const [picked, setPicked] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const current = request.assignee;
  const currentLostSight =
    current !== null && candidates !== undefined && !candidates.some((c) => c.id === current.id);
  const chosen = picked ?? (current && !currentLostSight ? current.id : '');
  const unsaved = picked !== null;
  useUnsavedChanges(unsaved);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ ...key, assigneeUserId: chosen === '' ? null : chosen });
    if ('error' in result) {
      const problem = isApiError(result.error)
        ? result.error.fieldErrors?.find((e) => e.path === 'assigneeUserId')
        : undefined;
      if (problem) setFieldError(problem.message);
      toast.error(t('requestDetail.assignee.failed'), {
        detail: isApiError(result.error) ? (result.error.serverMessage ?? undefined) : undefined,
      });
      return;
    }
    toast.info(t('requestDetail.assignee.saved'));
    onClose();
  };

  const options = (candidates ?? []).map((c) => ({
    value: c.id,
    label: c.name ? `${c.name} (${c.email})` : c.email,
  }));
  return (
    <Dialog
      open
      onClose={onClose}
      unsavedChanges={unsaved}
      title={t('requestDetail.assignee.dialogTitle')}
      description={t('requestDetail.assignee.dialogDescription')}
      actions={
        <>
          <Button variant="tertiary" onClick={onClose}>
            {t('requestDetail.assignee.cancel')}
          </Button>
          <Button type="submit" form="request-assignee-form" loading={saving} disabled={!candidates}>
            {t('requestDetail.assignee.save')}
          </Button>
        </>
      }
    >
      {isLoading && <LoadingText>{t('requestDetail.common.loading')}</LoadingText>}
      {isError && <p role="alert">{t('requestDetail.assignee.loadFailed')}</p>}
      {currentLostSight && current && (
        <WarningNote role="status">
          {t('requestDetail.assignee.lostSight', {
            name: current.name || t('requestDetail.assignee.unnamed'),
          })}
        </WarningNote>
      )}
      {candidates && (
        <form id="request-assignee-form" noValidate onSubmit={(event) => void save(event)}>
          <Select
            label={t('requestDetail.assignee.field')}
            options={options}
            placeholder={t('requestDetail.assignee.none')}
            value={chosen}
            error={fieldError ?? undefined}
            fullWidth
            onChange={(event) => {
              setPicked(event.target.value);
              setFieldError(null);
            }}
          />
        </form>
      )}
    </Dialog>
  );
}
