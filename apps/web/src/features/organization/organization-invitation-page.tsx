import {
  useAcceptInvitationMutation,
  useGetUserQuery,
  useInspectInvitationQuery,
} from '@ipportal/api-client';
import { organizationInvitationTokenParam } from '@ipportal/domain';
import { Button, Card, EmptyState, LoadingText, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { organizationTexts } from './organization-texts';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { selectUserType } from '../auth';
import { formatDateTime, serverDetail } from './organization-support';

/**
 * /organization/invitation?token=...: where an invitation mail leads. A signed-out invitee comes
 * back here after signing in (or signing up: they join on their first sign-in, and this page then
 * says so). An existing user without an organization accepts here.
 */
export function OrganizationInvitationPage() {
  useMessages(organizationTexts, domainMessages);
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get(organizationInvitationTokenParam)?.trim() ?? '';
  const userType = useAppSelector(selectUserType);

  if (userType === 'PATENT') return <Notice text={t('organization.invitation.patentUser')} />;
  if (token === '') return <Notice text={t('organization.invitation.noToken')} />;
  return <Invitation token={token} />;
}

function Notice({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      headingLevel={2}
      title={text}
      action={<Link to={pathTo('home')}>{t('organization.invitation.toMatters')}</Link>}
    />
  );
}

function Invitation({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { data: user } = useGetUserQuery();
  const { data: preview, error, isLoading, refetch } = useInspectInvitationQuery(token);
  const [accept, { isLoading: accepting }] = useAcceptInvitationMutation();

  if (isLoading || !user) return <LoadingText block>{t('organization.invitation.loading')}</LoadingText>;
  if (!preview) {
    const notFound = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
    if (notFound) return <Notice text={t('organization.invitation.notFound')} />;
    return (
      <FormAlert>
        {t('organization.invitation.loadFailed')}
        {serverDetail(error) ? `\n${serverDetail(error)}` : ''}{' '}
        <Button variant="tertiary" size="sm" onClick={() => void refetch()}>
          {t('organization.users.retry')}
        </Button>
      </FormAlert>
    );
  }

  const name = preview.organizationName;
  if (preview.acceptedByYou) return <Notice text={t('organization.invitation.acceptedBefore', { name })} />;
  if (preview.state === 'expired') return <Notice text={t('organization.invitation.expired')} />;
  if (preview.state !== 'pending') return <Notice text={t('organization.invitation.unavailable')} />;

  const blocker = !preview.forYou
    ? t('organization.invitation.otherEmail', { email: preview.email })
    : user.organizationId !== null
      ? t('organization.invitation.alreadyMember')
      : null;

  const run = async () => {
    const result = await accept(token);
    if ('error' in result) {
      toast.error(t('organization.invitation.acceptFailed'), { detail: serverDetail(result.error) });
      void refetch();
      return;
    }
    toast.info(t('organization.invitation.accepted', { name }));
    void navigate(pathTo('projects'));
  };

  return (
    <FormPage $width={640}>
      <Card title={t('organization.invitation.heading', { name })}>
        <FormStack>
          <FormLead>
            {t('organization.invitation.lead', {
              email: preview.email,
              name,
              role: t(`organization.role.${preview.roleInOrganizationCode}`),
            })}
          </FormLead>
          <FormLead>
            {t('organization.invitation.expires', { date: formatDateTime(preview.expiresAt, i18n.language) })}
          </FormLead>
          {blocker ? (
            <FormAlert>{blocker}</FormAlert>
          ) : (
            <>
              <FormAlert tone="info">{t('organization.invitation.movesMatters')}</FormAlert>
              <FormActions>
                <Button loading={accepting} onClick={() => void run()}>
                  {t('organization.invitation.accept')}
                </Button>
              </FormActions>
            </>
          )}
        </FormStack>
      </Card>
    </FormPage>
  );
}
