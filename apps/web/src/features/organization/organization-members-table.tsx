import type { InvitationMailStatus, OrganizationMember } from '@ipportal/domain';
import type { StatusTone } from '@ipportal/ui';
import { Button, StatusChip, Table } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from '../../shared/focus-ring';
import { formatDateTime } from './organization-support';

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

// A compact select for a table cell (the design system's Select always shows its label).
const RoleSelect = styled.select`
  min-height: ${({ theme }) => theme.layout.controlHeight.sm}px;
  padding: 0 ${({ theme }) => theme.space.sm}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  ${focusRing}
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm}px;
`;

const mailTone: Record<InvitationMailStatus, StatusTone> = {
  queued: 'info',
  sent: 'neutral',
  failed: 'danger',
};

const ChipLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
`;

/** A stable key for a row: the user id of a member, the invitation id of an invitation. */
export const memberKey = (member: OrganizationMember): string =>
  member.userId ?? member.invitationId ?? member.email;

/**
 * Members (name, email, role, status, two-factor sign-in) and pending invitations. The only
 * administrator's role and removal are disabled with a hint (the server refuses them too). A
 * member with two-factor sign-in on can have it reset (not oneself: that is done on /profile).
 */
export function OrganizationMembersTable({
  members,
  currentUserId,
  busyKey,
  onRoleChange,
  onRemove,
  onResetTwoFactor,
  onRevoke,
  onResend,
}: {
  members: readonly OrganizationMember[];
  currentUserId: string | undefined;
  busyKey: string | null;
  onRoleChange: (member: OrganizationMember, role: 0 | 1) => void;
  onRemove: (member: OrganizationMember) => void;
  onResetTwoFactor: (member: OrganizationMember) => void;
  onRevoke: (member: OrganizationMember) => void;
  onResend: (member: OrganizationMember) => void;
}) {
  const { t, i18n } = useTranslation();
  const administrators = members.filter(
    (m) => m.status === 'active' && m.roleInOrganizationCode === 0,
  ).length;
  const displayName = (member: OrganizationMember) =>
    member.status === 'invited' || member.name === '' ? t('organization.users.noName') : member.name;

  const columns: TableColumn<OrganizationMember>[] = [
    {
      key: 'name',
      header: t('organization.users.columnName'),
      cell: (member) => (
        <span>
          {displayName(member)}
          {member.userId !== null && member.userId === currentUserId ? t('organization.users.you') : ''}
        </span>
      ),
    },
    { key: 'email', header: t('organization.users.columnEmail'), cell: (member) => member.email },
    {
      key: 'role',
      header: t('organization.users.columnRole'),
      width: 180,
      cell: (member) => {
        const lastAdmin = member.roleInOrganizationCode === 0 && administrators <= 1;
        if (member.status === 'invited') return t(`organization.role.${member.roleInOrganizationCode}`);
        return (
          <RoleSelect
            aria-label={t('organization.users.roleOf', { name: displayName(member) })}
            value={String(member.roleInOrganizationCode)}
            disabled={lastAdmin || busyKey === memberKey(member)}
            title={lastAdmin ? t('organization.users.lastAdminHint') : undefined}
            onChange={(event) => onRoleChange(member, event.target.value === '0' ? 0 : 1)}
          >
            <option value="0">{t('organization.role.0')}</option>
            <option value="1">{t('organization.role.1')}</option>
          </RoleSelect>
        );
      },
    },
    {
      key: 'status',
      header: t('organization.users.columnStatus'),
      nowrap: true,
      cell: (member) => (
        <>
          <ChipLine>
            <StatusChip tone={member.status === 'active' ? 'success' : 'warning'} dot>
              {t(`organization.status.${member.status}`)}
            </StatusChip>
            {member.mailStatus && (
              <StatusChip tone={mailTone[member.mailStatus]}>
                {t(`organization.mailStatus.${member.mailStatus}`)}
              </StatusChip>
            )}
          </ChipLine>
          {member.mailStatus === 'failed' && <Muted>{t('organization.users.mailFailedHint')}</Muted>}
          {member.expiresAt && (
            <Muted>
              {t('organization.users.expires', { date: formatDateTime(member.expiresAt, i18n.language) })}
            </Muted>
          )}
        </>
      ),
    },
    {
      key: 'twoFactor',
      header: t('organization.users.columnTwoFactor'),
      nowrap: true,
      cell: (member) =>
        member.twoFactorEnabled === null ? (
          t('organization.twoFactorState.unknown')
        ) : (
          <StatusChip tone={member.twoFactorEnabled ? 'success' : 'neutral'}>
            {t(`organization.twoFactorState.${member.twoFactorEnabled ? 'on' : 'off'}`)}
          </StatusChip>
        ),
    },
    {
      key: 'actions',
      header: t('organization.users.columnActions'),
      cell: (member) => {
        if (member.status === 'invited')
          return (
            <RowActions>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onResend(member)}
                loading={busyKey === memberKey(member)}
              >
                {t('organization.users.resend')}
              </Button>
              <Button size="sm" variant="tertiary" onClick={() => onRevoke(member)}>
                {t('organization.users.revoke')}
              </Button>
            </RowActions>
          );
        const lastAdmin = member.roleInOrganizationCode === 0 && administrators <= 1;
        const resettable = member.twoFactorEnabled === true && member.userId !== currentUserId;
        return (
          <RowActions>
            {resettable && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('organization.users.resetTwoFactorOf', { name: displayName(member) })}
                onClick={() => onResetTwoFactor(member)}
              >
                {t('organization.users.resetTwoFactor')}
              </Button>
            )}
            <Button
              size="sm"
              variant="danger"
              disabled={lastAdmin}
              title={lastAdmin ? t('organization.users.lastAdminHint') : undefined}
              onClick={() => onRemove(member)}
            >
              {t('organization.users.remove')}
            </Button>
          </RowActions>
        );
      },
    },
  ];

  return (
    <Table
      caption={t('organization.users.caption')}
      captionHidden
      columns={columns}
      rows={members}
      getRowKey={memberKey}
      emptyText={t('organization.users.empty')}
    />
  );
}
