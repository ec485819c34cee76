import { isApiError, useGetOwnFirmQuery, useGetUserQuery } from '@ipportal/api-client';
import type { Firm } from '@ipportal/domain';
import { Button, Card, EmptyState, StatusChip } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { partnerFirmTexts } from './partner-firm-texts';
import { useLocale } from '../../i18n/use-locale';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage } from '../../shared/forms/form-layout';
import { ButtonLink } from '../../shared/forms/form-parts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { LoadingText } from '../../shared/loading-text';
import { formatPhoneNumber } from '../../shared/phone';
import { languageName } from './firm-format';

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
    white-space: pre-line;
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
`;

const Status = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  & p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function OfficeCards({ firm }: { firm: Firm }) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const dash = t('partnerFirm.office.notSet');
  const text = (value: string | null) => (value && value.trim() !== '' ? value : dash);
  const list = (values: string[]) => (values.length > 0 ? values.join(locale === 'ja' ? '、' : ', ') : dash);
  const edit = <ButtonLink to={pathTo('editPartnerFirm')}>{t('partnerFirm.office.edit')}</ButtonLink>;
  return (
    <>
      <Card title={t('partnerFirm.office.heading')} actions={edit}>
        <Status>
          <div>
            {firm.concierge ? (
              // The concierge joins requests clients already sent; clients never pick it.
              <StatusChip tone="neutral" dot>
                {t('partnerFirm.office.concierge')}
              </StatusChip>
            ) : (
              <StatusChip tone={firm.complete ? 'success' : 'warning'} dot>
                {firm.complete ? t('partnerFirm.office.complete') : t('partnerFirm.office.incomplete')}
              </StatusChip>
            )}
          </div>
          {!firm.complete && !firm.concierge && <p>{t('partnerFirm.office.incompleteHelp')}</p>}
        </Status>
        <Fields>
          <Row label={t('partnerFirm.field.name')}>{text(firm.name)}</Row>
          <Row label={t('partnerFirm.field.nameEn')}>{text(firm.nameEn)}</Row>
          <Row label={t('partnerFirm.field.officeType')}>{t(`code.officeType.${firm.officeType}`)}</Row>
          <Row label={t('partnerFirm.field.region')}>{t(`region.${firm.regionCode}`)}</Row>
          <Row label={t('partnerFirm.field.address')}>{text(firm.address)}</Row>
          <Row label={t('partnerFirm.field.phoneNumber')}>
            {text(firm.phoneNumber && formatPhoneNumber(firm.phoneNumber, locale))}
          </Row>
          <Row label={t('partnerFirm.field.email')}>{text(firm.email)}</Row>
          <Row label={t('partnerFirm.field.website')}>
            {firm.website ? (
              <a href={firm.website} target="_blank" rel="noreferrer noopener">
                {firm.website}
              </a>
            ) : (
              dash
            )}
          </Row>
        </Fields>
      </Card>
      <Card
        title={t('partnerFirm.billing.heading')}
        actions={<ButtonLink to={pathTo('firmBillingProfile')}>{t('partnerFirm.billing.open')}</ButtonLink>}
      >
        <Lead>{t('partnerFirm.billing.description')}</Lead>
      </Card>
      <Card title={t('partnerFirm.settings.heading')} actions={edit}>
        <Lead>{t('partnerFirm.settings.description')}</Lead>
        <Fields>
          <Row label={t('partnerFirm.field.languages')}>
            {list(firm.languages.map((code) => languageName(code, locale)))}
          </Row>
          <Row label={t('partnerFirm.field.caseTypes')}>
            {list(firm.caseTypes.map((type) => t(`code.caseType.${type}`)))}
          </Row>
          <Row label={t('partnerFirm.field.technicalFields')}>{list(firm.technicalFields)}</Row>
          <Row label={t('partnerFirm.field.feeNotes')}>{text(firm.feeNotes)}</Row>
        </Fields>
      </Card>
    </>
  );
}

/**
 * /partner-firm: the office account's information and its settings: the signed-in
 * user, the office profile (with whether it is listed in the clients' directory), and the
 * settings clients see when choosing an office. Without an office: a way to register one.
 */
export function PartnerFirmPage() {
  useMessages(partnerFirmTexts, domainMessages);
  const { t } = useTranslation();
  const user = useGetUserQuery();
  const firm = useGetOwnFirmQuery();

  if (firm.isLoading || user.isLoading) return <LoadingText />;
  const dash = t('partnerFirm.office.notSet');
  return (
    <FormPage $width={860}>
      <Sections>
        <Card title={t('partnerFirm.account.heading')}>
          <Fields>
            <Row label={t('partnerFirm.account.name')}>{user.data?.name || dash}</Row>
            <Row label={t('partnerFirm.account.email')}>{user.data?.email || dash}</Row>
          </Fields>
        </Card>
        {firm.isError ? (
          <FormAlert>
            {t('partnerFirm.office.loadFailed')}
            {isApiError(firm.error) && firm.error.serverMessage ? `\n${firm.error.serverMessage}` : ''}{' '}
            <Button variant="tertiary" size="sm" onClick={() => void firm.refetch()}>
              {t('partnerFirm.office.retry')}
            </Button>
          </FormAlert>
        ) : firm.data ? (
          <OfficeCards firm={firm.data} />
        ) : (
          <Card title={t('partnerFirm.office.heading')}>
            <EmptyState
              headingLevel={3}
              title={t('partnerFirm.office.noFirmTitle')}
              description={t('partnerFirm.office.noFirmDescription')}
              action={
                <ButtonLink to={pathTo('editPartnerFirm')}>{t('partnerFirm.office.register')}</ButtonLink>
              }
            />
          </Card>
        )}
      </Sections>
    </FormPage>
  );
}
