import { isApiError, useAcceptDealMutation, useGetDealQuery } from '@ipportal/api-client';
import type { Deal } from '@ipportal/domain';
import { Button, ConfirmDialog, EmptyState, LoadingText, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { hrefTo, pathTo } from '../../routes/paths';
import { DocumentPage } from '../../shared/document-page';
import { failureReason } from '../../shared/failure-reason';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { selectUserType } from '../auth';
import { billingDocumentTexts, EstimateDocument, useBillingFormats } from '../billing-documents';
import { DeclineDialog } from './decline-dialog';
import { estimateTexts } from './estimate-texts';

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.lg}px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.infoSubtle};
  color: ${({ theme }) => theme.colors.text};
  @media print {
    display: none;
  }
`;

function Answer({ deal }: { deal: Deal }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useBillingFormats();
  const [accept, { isLoading }] = useAcceptDealMutation();
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const key = { projectId: deal.subject.projectId, requestId: deal.subject.requestId, dealId: deal.id };

  async function confirmAccept() {
    const result = await accept(key);
    if ('error' in result) {
      setDialog(null);
      toast.error(t('estimatePage.acceptFailed'), { detail: failureReason(result.error) });
      return;
    }
    setDialog(null);
    toast.info(t('estimatePage.accepted'));
  }

  return (
    <>
      <Button onClick={() => setDialog('accept')}>{t('estimatePage.accept')}</Button>
      <Button variant="secondary" onClick={() => setDialog('decline')}>
        {t('estimatePage.decline')}
      </Button>
      <ConfirmDialog
        open={dialog === 'accept'}
        title={t('estimatePage.acceptTitle', { number: deal.number })}
        message={t('estimatePage.acceptMessage', { total: formats.yen(deal.totals.total) })}
        confirmLabel={t('estimatePage.acceptConfirm')}
        cancelLabel={t('estimatePage.cancel')}
        loading={isLoading}
        onConfirm={() => void confirmAccept()}
        onCancel={() => setDialog(null)}
      />
      {dialog === 'decline' && <DeclineDialog deal={deal} onClose={() => setDialog(null)} />}
    </>
  );
}

/**
 * /estimates/{projectId}/{requestId}/{dealId}: the printable 見積書 (blank layout). The client
 * answers a sent estimate here: accept (an order) or decline with a reason.
 */
export function EstimatePage() {
  useMessages(estimateTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const { projectId = '', requestId = '', dealId = '' } = useParams();
  const userType = useAppSelector(selectUserType);
  const number = Number(requestId);
  const valid = Number.isInteger(number) && number > 0 && projectId !== '' && dealId !== '';
  const {
    data: deal,
    error,
    isLoading,
    refetch,
  } = useGetDealQuery({ projectId, requestId: number, dealId }, { skip: !valid });
  const back = {
    to: projectId && requestId ? pathTo('requestEstimateBill', { projectId, requestId }) : pathTo('requests'),
    label: t('page.backToEstimateBill'),
  };

  let content;
  if (isLoading) content = <LoadingText block>{t('estimatePage.loading')}</LoadingText>;
  else if (!deal) {
    const missing = !valid || (isApiError(error) && (error.status === 404 || error.status === 400));
    content = missing ? (
      <EmptyState
        headingLevel={2}
        title={t('estimatePage.notFound')}
        description={t('estimatePage.notFoundDetail')}
      />
    ) : (
      <EmptyState
        headingLevel={2}
        title={t('estimatePage.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('estimatePage.retry')}</Button>}
      />
    );
  } else content = <EstimateDocument deal={deal} />;

  const canAnswer = deal?.status === 'sent' && userType !== 'PATENT';
  return (
    <DocumentPage
      title={t('route.estimate')}
      back={back}
      actions={
        deal && (
          <>
            {canAnswer && <Answer deal={deal} />}
            <Button variant="secondary" onClick={() => window.print()}>
              {t('estimatePage.print')}
            </Button>
          </>
        )
      }
    >
      {canAnswer && (
        <Banner>
          {deal.validUntil
            ? t('estimatePage.awaitingAnswer', { date: formats.date(deal.validUntil) })
            : t('estimatePage.awaitingAnswerNoDate')}
        </Banner>
      )}
      {deal?.supersededByDealId && (
        <Banner>
          {t('estimatePage.newerVersion')}{' '}
          <Link
            to={hrefTo('estimate', {
              projectId,
              requestId,
              dealId: deal.supersededByDealId,
            })}
          >
            {t('estimatePage.openNewer')}
          </Link>
        </Banner>
      )}
      {content}
    </DocumentPage>
  );
}
