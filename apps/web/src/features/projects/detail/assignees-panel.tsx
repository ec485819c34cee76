import { useGetUserQuery, useListAssigneesQuery } from '@ipportal/api-client';
import { OrganizationRole } from '@ipportal/domain';
import { Button, StatusChip } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { organizationTexts } from '../../organization';
import { useMessages } from '../../../shared/lazy-messages';
import { AssigneesDialog } from './assignees-dialog';

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
`;

const Names = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: 0;
  padding: 0;
  list-style: none;
  flex: 1 1 240px;
`;

const Note = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

/**
 * Assignees of an organization's matter: everyone who sees it, i.e. the organization's
 * administrators (every matter) and the members assigned to it. A request of the matter names
 * one of them as its assignee. Everyone in the organization sees the list; administrators choose
 * the members. Nothing shows for users without an organization (their matters
 * are their own) or for offices.
 */
export function AssigneesPanel({ projectId, deleted }: { projectId: string; deleted: boolean }) {
  const { data: user } = useGetUserQuery();
  if (!user || user.userType !== 'REGULAR' || user.organizationId === null) return null;
  return (
    <Assignees
      projectId={projectId}
      organizationId={user.organizationId}
      canEdit={!deleted && user.roleInOrganizationCode === OrganizationRole.Administrator}
    />
  );
}

function Assignees({
  projectId,
  organizationId,
  canEdit,
}: {
  projectId: string;
  organizationId: string;
  canEdit: boolean;
}) {
  useMessages(organizationTexts);
  const { t } = useTranslation();
  const { data: assignees, error } = useListAssigneesQuery(projectId);
  const [open, setOpen] = useState(false);

  return (
    <Panel aria-labelledby="assignees-heading">
      <h3 id="assignees-heading">{t('organization.assignees.heading')}</h3>
      <Names>
        {error ? (
          <li>{t('organization.assignees.loadFailed')}</li>
        ) : assignees && assignees.length === 0 ? (
          <li>{t('organization.assignees.none')}</li>
        ) : (
          (assignees ?? []).map((a) => (
            <li key={a.userId}>
              <StatusChip tone={a.creator || a.administrator ? 'info' : 'neutral'}>
                {a.name || a.email}
                {a.administrator
                  ? ` · ${t('organization.assignees.administrator')}`
                  : a.creator
                    ? ` · ${t('organization.assignees.creator')}`
                    : ''}
              </StatusChip>
            </li>
          ))
        )}
      </Names>
      {canEdit && assignees && (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {t('organization.assignees.edit')}
        </Button>
      )}
      <Note>{t('organization.assignees.adminNote')}</Note>
      {open && assignees && (
        <AssigneesDialog
          projectId={projectId}
          organizationId={organizationId}
          assignees={assignees.filter((a) => !a.administrator)}
          onClose={() => setOpen(false)}
        />
      )}
    </Panel>
  );
}
