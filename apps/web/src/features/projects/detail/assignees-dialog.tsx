import { useListMembersQuery, useSetAssigneesMutation } from '@ipportal/api-client';
import type { ProjectAssignee } from '@ipportal/domain';
import { Button, Checkbox, Dialog, LoadingText, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FormAlert } from '../../../shared/forms/form-alert';
import { useUnsavedChanges } from '../../../shared/unsaved-changes';
import { isApiError } from '@ipportal/api-client';

const List = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  margin: 0;
  padding: 0;
  border: 0;
  & > legend {
    margin-bottom: ${({ theme }) => theme.space.sm}px;
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
`;

const serverMessage = (error: unknown) =>
  isApiError(error) ? (error.serverMessage ?? undefined) : undefined;

/**
 * The assignment picker: members of the organization only; administrators are
 * assignees of every matter and not listed. The member who created the matter stays checked.
 */
export function AssigneesDialog({
  projectId,
  organizationId,
  assignees,
  onClose,
}: {
  projectId: string;
  organizationId: string;
  assignees: readonly ProjectAssignee[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const members = useListMembersQuery(organizationId);
  const [save, { isLoading }] = useSetAssigneesMutation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(assignees.map((a) => a.userId)));
  const creators = new Set(assignees.filter((a) => a.creator).map((a) => a.userId));
  const unsaved =
    chosen.size !== assignees.length || assignees.some((assignee) => !chosen.has(assignee.userId));
  useUnsavedChanges(unsaved);
  const candidates = (members.data ?? []).filter(
    (m) => m.status === 'active' && m.roleInOrganizationCode === 1 && m.userId !== null,
  );

  const toggle = (userId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });

  const submit = async () => {
    const result = await save({ projectId, userIds: [...chosen] });
    if ('error' in result) {
      toast.error(t('organization.assignees.saveFailed'), { detail: serverMessage(result.error) });
      return;
    }
    toast.info(t('organization.assignees.saved'));
    onClose();
  };

  return (
    <Dialog
      open
      unsavedChanges={unsaved}
      onClose={() => {
        if (!isLoading) onClose();
      }}
      title={t('organization.assignees.dialogTitle')}
      description={t('organization.assignees.dialogDescription')}
      maxWidth={560}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {t('organization.common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={isLoading} disabled={!members.data}>
            {t('organization.assignees.save')}
          </Button>
        </>
      }
    >
      {members.isLoading ? (
        <LoadingText block>{t('shell.loading')}</LoadingText>
      ) : members.error ? (
        <FormAlert>
          {t('organization.assignees.loadFailed')}
          {serverMessage(members.error) ? `\n${serverMessage(members.error)}` : ''}
        </FormAlert>
      ) : candidates.length === 0 ? (
        <FormAlert tone="info">{t('organization.assignees.noMembers')}</FormAlert>
      ) : (
        <List>
          <legend>{t('organization.assignees.membersLabel')}</legend>
          {candidates.map((member) => {
            const userId = member.userId ?? '';
            const creator = creators.has(userId);
            return (
              <Checkbox
                key={userId}
                label={member.name || member.email}
                description={
                  creator ? `${member.email} · ${t('organization.assignees.creatorNote')}` : member.email
                }
                checked={creator || chosen.has(userId)}
                disabled={creator}
                onChange={(event) => toggle(userId, event.target.checked)}
              />
            );
          })}
        </List>
      )}
    </Dialog>
  );
}
