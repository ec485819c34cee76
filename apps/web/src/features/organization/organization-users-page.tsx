import {
  useChangeMemberRoleMutation,
  useGetOrganizationQuery,
  useGetUserQuery,
  useInviteMemberMutation,
  useListMembersQuery,
  useRemoveMemberMutation,
  useResetMemberTwoFactorMutation,
  useRevokeInvitationMutation,
  organizationsApi,
  userApi,
} from '@ipportal/api-client';
import type { OrganizationMember } from '@ipportal/domain';
import { Button, Card, ConfirmDialog, LoadingText, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks';
import { organizationTexts } from './organization-texts';
import { FormAlert } from '../../shared/forms/form-alert';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { ChatSettingsCard } from './chat-settings-card';
import { EditOrganizationDialog } from './edit-organization-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import { TwoFactorRequirementCard } from './two-factor-requirement-card';
import { OrganizationMembersTable, memberKey } from './organization-members-table';
import { serverDetail } from './organization-support';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl}px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
  & h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs}px;
    font-size: ${({ theme }) => theme.typography.fontSize.xl};
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm}px;
`;

type Pending = { kind: 'remove' | 'revoke' | 'resetTwoFactor'; member: OrganizationMember } | null;

/** While an invitation mail is queued the list is read again this often, so its state follows. */
const mailStatusPollMs = 5_000;

/**
 * /organization/users (administrators): the organization, its members with name, email, role and
 * status, invitations with their mail's state (invite, resend, revoke), role changes and removal,
 * two-factor reset of a member who lost the authenticator, each with a toast; the organization's
 * security (two-factor sign-in required) and chat settings. Resending invites the address
 * again: a new invitation with a new mail. Changing one's own role or leaving updates the cached user, so guards and sidebar follow.
 */
export function OrganizationUsersPage() {
  useMessages(organizationTexts, domainMessages);
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { data: user } = useGetUserQuery();
  const organizationId = user?.organizationId ?? '';
  const skip = organizationId === '';
  const organization = useGetOrganizationQuery(organizationId, { skip });
  // Invitation mails are delivered in the background: poll only while one is still queued.
  const cached = organizationsApi.endpoints.listMembers.useQueryState(organizationId, { skip });
  const mailQueued = cached.data?.some((member) => member.mailStatus === 'queued') ?? false;
  const members = useListMembersQuery(organizationId, {
    skip,
    pollingInterval: mailQueued ? mailStatusPollMs : 0,
  });
  const [changeRole] = useChangeMemberRoleMutation();
  const [removeMember, { isLoading: removing }] = useRemoveMemberMutation();
  const [revokeInvitation, { isLoading: revoking }] = useRevokeInvitationMutation();
  const [resetTwoFactor, { isLoading: resetting }] = useResetMemberTwoFactorMutation();
  const [invite] = useInviteMemberMutation();
  const [dialog, setDialog] = useState<'invite' | 'edit' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const nameOf = (member: OrganizationMember) => member.name || member.email;

  /** After a change to the signed-in user's own membership, read it again (guards and sidebar depend on it). */
  const refreshSelf = (member: OrganizationMember) => {
    if (member.userId !== null && member.userId === user?.id) dispatch(userApi.util.invalidateTags(['User']));
  };

  const onRoleChange = async (member: OrganizationMember, role: 0 | 1) => {
    if (member.userId === null || role === member.roleInOrganizationCode) return;
    setBusyKey(memberKey(member));
    const result = await changeRole({
      organizationId,
      userId: member.userId,
      body: { roleInOrganizationCode: role },
    });
    setBusyKey(null);
    if ('error' in result) {
      toast.error(t('organization.toast.roleChangeFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(
      t('organization.toast.roleChanged', { name: nameOf(member), role: t(`organization.role.${role}`) }),
    );
    refreshSelf(member);
  };

  const onResend = async (member: OrganizationMember) => {
    setBusyKey(memberKey(member));
    const result = await invite({
      organizationId,
      body: { email: member.email, roleInOrganizationCode: member.roleInOrganizationCode },
    });
    setBusyKey(null);
    if ('error' in result) {
      toast.error(t('organization.toast.inviteFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(t('organization.toast.invited', { email: member.email }));
  };

  const confirmPending = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    if (kind === 'remove' && member.userId !== null) {
      const result = await removeMember({ organizationId, userId: member.userId });
      setPending(null);
      if ('error' in result) {
        toast.error(t('organization.toast.removeFailed'), { detail: serverDetail(result.error) });
        return;
      }
      toast.info(t('organization.toast.removed', { name: nameOf(member) }));
      refreshSelf(member);
      return;
    }
    if (kind === 'resetTwoFactor' && member.userId !== null) {
      const result = await resetTwoFactor({ organizationId, userId: member.userId });
      setPending(null);
      if ('error' in result) {
        toast.error(t('organization.toast.twoFactorResetFailed'), { detail: serverDetail(result.error) });
        return;
      }
      toast.info(t('organization.toast.twoFactorReset', { name: nameOf(member) }));
      return;
    }
    if (kind === 'revoke' && member.invitationId !== null) {
      const result = await revokeInvitation({ organizationId, invitationId: member.invitationId });
      setPending(null);
      if ('error' in result) {
        toast.error(t('organization.toast.revokeFailed'), { detail: serverDetail(result.error) });
        return;
      }
      toast.info(t('organization.toast.revoked', { email: member.email }));
    }
  };

  if (!user || organization.isLoading || members.isLoading)
    return <LoadingText block>{t('shell.loading')}</LoadingText>;

  return (
    <Page>
      <Card>
        <Head>
          <div>
            <h2>{organization.data?.name ?? ''}</h2>
            {organization.data && (
              <p>{t('organization.users.representative', { name: organization.data.representativeName })}</p>
            )}
          </div>
          <Actions>
            {organization.data && (
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                {t('organization.users.edit')}
              </Button>
            )}
            <Button onClick={() => setDialog('invite')}>{t('organization.users.invite')}</Button>
          </Actions>
        </Head>
      </Card>
      {members.error || organization.error ? (
        <FormAlert>
          {t('organization.users.loadFailed')}
          {serverDetail(members.error ?? organization.error)
            ? `\n${serverDetail(members.error ?? organization.error)}`
            : ''}{' '}
          <Button
            variant="tertiary"
            size="sm"
            onClick={() => {
              void members.refetch();
              void organization.refetch();
            }}
          >
            {t('organization.users.retry')}
          </Button>
        </FormAlert>
      ) : (
        <OrganizationMembersTable
          members={members.data ?? []}
          currentUserId={user.id}
          busyKey={busyKey}
          onRoleChange={(member, role) => void onRoleChange(member, role)}
          onRemove={(member) => setPending({ kind: 'remove', member })}
          onResetTwoFactor={(member) => setPending({ kind: 'resetTwoFactor', member })}
          onRevoke={(member) => setPending({ kind: 'revoke', member })}
          onResend={(member) => void onResend(member)}
        />
      )}
      {organization.data && <TwoFactorRequirementCard organization={organization.data} />}
      <ChatSettingsCard organizationId={organizationId} />
      <InviteMemberDialog
        organizationId={organizationId}
        open={dialog === 'invite'}
        onClose={() => setDialog(null)}
      />
      {organization.data && dialog === 'edit' && (
        <EditOrganizationDialog organization={organization.data} open onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={pending?.kind === 'remove'}
        tone="danger"
        title={pending ? t('organization.confirm.removeTitle', { name: nameOf(pending.member) }) : ''}
        message={t('organization.confirm.removeMessage')}
        confirmLabel={t('organization.confirm.removeConfirm')}
        loading={removing}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === 'resetTwoFactor'}
        tone="danger"
        title={pending ? t('organization.confirm.resetTwoFactorTitle', { name: nameOf(pending.member) }) : ''}
        message={t('organization.confirm.resetTwoFactorMessage')}
        confirmLabel={t('organization.confirm.resetTwoFactorConfirm')}
        loading={resetting}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        tone="danger"
        title={pending ? t('organization.confirm.revokeTitle', { email: pending.member.email }) : ''}
        message={t('organization.confirm.revokeMessage')}
        confirmLabel={t('organization.confirm.revokeConfirm')}
        loading={revoking}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}
