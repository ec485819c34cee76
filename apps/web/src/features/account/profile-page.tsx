import { apiErrorText, isApiError, useGetUserQuery } from '@ipportal/api-client';
import { Button, Card } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { selectUserType, useAuthPort, useSignOut } from '../auth';
import type { IdentityAttributes } from '../auth';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage } from '../../shared/forms/form-layout';
import { ButtonLink } from '../../shared/forms/form-parts';
import { LoadingText } from '../../shared/loading-text';
import { formatPhoneNumber } from '../../shared/phone';
import { useLocale } from '../../i18n/use-locale';
import { accountNoticeOf } from './account-notice';
import { accountTexts } from './account-texts';
import { TwoFactorCard } from './two-factor-card';
import { domainMessages, useMessages } from '../../shared/lazy-messages';

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl}px;
`;

const Fields = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(0, 14rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.xl}px;
  & dt {
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
`;

const SignOutRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
  & p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * /profile (account information): the portal's user from GET /user and the identity service's
 * attributes (used when the portal cannot answer), links to edit and to change the password, and
 * sign out.
 */
export function ProfilePage() {
  useMessages(accountTexts, domainMessages);
  const { t } = useTranslation();
  const [locale] = useLocale();
  const port = useAuthPort();
  const state: unknown = useLocation().state;
  const notice = accountNoticeOf(state);
  const userType = useAppSelector(selectUserType);
  const { data: user, error, isLoading } = useGetUserQuery();
  const [attributes, setAttributes] = useState<IdentityAttributes | null>(null);
  const { signOut, signingOut } = useSignOut();

  useEffect(() => {
    let active = true;
    port.identity.attributes().then(
      (value) => {
        if (active) setAttributes(value);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [port]);

  if (isLoading && !attributes) return <LoadingText />;

  const regionCode = user?.regionCode ?? (Number(attributes?.['custom:region_code']) || null);
  const email = user?.email ?? attributes?.email ?? '';
  const dash = t('account.profile.notSet');
  const phone = user?.phoneNumber ?? attributes?.phone_number;
  return (
    <FormPage $width={760}>
      <Sections>
        {notice && <FormAlert tone="success">{t(`account.notice.${notice}`)}</FormAlert>}
        {error && (
          <FormAlert>{isApiError(error) ? apiErrorText(error, t) : t('apiError.userFetchFailed')}</FormAlert>
        )}
        <Card
          title={t('account.profile.basicTitle')}
          actions={<ButtonLink to={pathTo('editProfile')}>{t('account.profile.edit')}</ButtonLink>}
        >
          <Fields>
            <Row label={t('account.field.userType')}>
              {userType ? t(`code.userType.${user?.userType ?? userType}`) : dash}
            </Row>
            <Row label={t('account.field.name')}>{user?.name ?? attributes?.name ?? dash}</Row>
            <Row label={t('account.field.email')}>{email || dash}</Row>
            <Row label={t('account.field.phone')}>{phone ? formatPhoneNumber(phone, locale) : dash}</Row>
            <Row label={t('account.field.address')}>{user?.address ?? attributes?.address ?? dash}</Row>
            <Row label={t('account.field.region')}>{regionCode ? t(`region.${regionCode}`) : dash}</Row>
            {user && (
              <Row label={t('account.field.language')}>{t(`account.field.languageName.${user.locale}`)}</Row>
            )}
            {user?.organizationId && user.roleInOrganizationCode !== null && (
              <Row label={t('account.field.organizationRole')}>
                {t(`code.organizationRole.${user.roleInOrganizationCode}`)}
              </Row>
            )}
          </Fields>
        </Card>
        <Card
          title={t('account.profile.signInTitle')}
          actions={
            <ButtonLink to={pathTo('passwordChange')}>{t('account.profile.changePassword')}</ButtonLink>
          }
        >
          <Fields>
            <Row label={t('account.field.loginId')}>{attributes?.email ?? email}</Row>
            <Row label={t('account.field.emailStatus')}>
              {attributes?.email_verified === false
                ? t('account.profile.emailNotVerified')
                : t('account.profile.emailVerified')}
            </Row>
          </Fields>
        </Card>
        <TwoFactorCard />
        <Card title={t('account.profile.signOutTitle')}>
          <SignOutRow>
            <p>{t('account.profile.signOutLead')}</p>
            <Button variant="danger" loading={signingOut} onClick={() => void signOut()}>
              {t('account.profile.signOut')}
            </Button>
          </SignOutRow>
        </Card>
      </Sections>
    </FormPage>
  );
}
