import { isApiError, useGetRequestQuery } from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { RequestDetail, UserType } from '@ipportal/domain';
import { Button, EmptyState, LoadingText } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { requestTexts } from '../request-texts';
import { requestDetailTexts } from './request-detail-texts';
import { pathTo } from '../../../routes/paths';
import { domainMessages, useMessages } from '../../../shared/lazy-messages';
import { selectUserType } from '../../auth';
import { RequestHeader } from './request-header';
import { useRequestKey } from './request-key';

export interface DetailContext {
  requestKey: RequestKey;
  request: RequestDetail;
  userType: UserType;
  /** The client side may change deadlines; only the office uploads deliverables. */
  side: 'client' | 'office';
  /** A deleted matter's requests are read-only. */
  readOnly: boolean;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      headingLevel={2}
      title={t('requestDetail.common.notFound')}
      description={t('requestDetail.common.notFoundDetail')}
      action={<Link to={pathTo('requests')}>{t('requestDetail.common.backToList')}</Link>}
    />
  );
}

/**
 * Every request detail page: its texts, the request (404 and invisible requests look the same),
 * the header, then the page's own content.
 */
export function DetailFrame({ children }: { children: (context: DetailContext) => ReactNode }) {
  useMessages(requestDetailTexts, requestTexts, domainMessages);
  const { t } = useTranslation();
  const requestKey = useRequestKey();
  const userType = useAppSelector(selectUserType) ?? 'REGULAR';
  const {
    data: request,
    error,
    isLoading,
    refetch,
  } = useGetRequestQuery(requestKey ?? { projectId: '', requestId: 0 }, {
    skip: !requestKey,
  });
  if (!requestKey) return <NotFound />;
  if (isLoading) return <LoadingText block>{t('requestDetail.common.loading')}</LoadingText>;
  if (!request) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return <NotFound />;
    return (
      <EmptyState
        headingLevel={2}
        title={t('requestDetail.common.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('requestDetail.common.retry')}</Button>}
      />
    );
  }
  const context: DetailContext = {
    requestKey,
    request,
    userType,
    side: userType === 'PATENT' ? 'office' : 'client',
    readOnly: request.project.deleted,
  };
  return (
    <>
      <RequestHeader request={request} />
      {children(context)}
    </>
  );
}
