import { useListRequestMailsQuery } from '@ipportal/api-client';
import type { RequestDetail } from '@ipportal/domain';
import { requestStatuses } from '@ipportal/domain';
import { StatusChip } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { useLocale } from '../../../i18n/use-locale';
import { hrefTo, pathTo } from '../../../routes/paths';
import { focusRing } from '../../../shared/focus-ring';
import { officeName, requestStatusTone } from '../request-format';
import { selectUserType } from '../../auth';
import { AssigneeControl } from './assignee-control';

const Header = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.xs}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  & > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.xl};
    overflow-wrap: anywhere;
  }
`;

const Number = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.lg}px;
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MatterLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  overflow-wrap: anywhere;
  ${focusRing}
`;

/**
 * Name, No., status, office, assignee and a link to the matter, above every request detail page.
 * The client side may change the assignee while the matter is live. The office reads the client
 * company and its contact person instead of its own name and the assignee.
 */
export function RequestHeader({ request }: { request: RequestDetail }) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const declined = request.declinedAt !== null;
  const isOffice = useAppSelector(selectUserType) === 'PATENT';
  const canChangeAssignee = !isOffice && !request.project.deleted;
  // The same cached thread the mails page shows: its unread count is visible on every tab.
  const { data: thread } = useListRequestMailsQuery(
    { projectId: request.projectId, requestId: request.requestId },
    { refetchOnFocus: true },
  );
  const unread = thread?.unreadCount ?? 0;
  return (
    <Header aria-label={t('requestDetail.header.label')}>
      <TitleRow>
        <Number>{t('requestDetail.header.number', { n: request.requestId })}</Number>
        <h2>{request.name}</h2>
        <StatusChip tone={requestStatusTone(request.status, declined)} dot>
          {declined ? t('requestDetail.header.declined') : t(requestStatuses.labelKey(request.status))}
        </StatusChip>
      </TitleRow>
      <Meta>
        {isOffice ? (
          // The office reads who sent the request; its own name would tell it nothing.
          <>
            <span>{t('requestDetail.header.client', { name: request.client.name })}</span>
            {request.client.contact && (
              <span>{t('requestDetail.header.contact', { name: request.client.contact.name })}</span>
            )}
          </>
        ) : (
          <span>{t('requestDetail.header.office', { name: officeName(request.target, locale) })}</span>
        )}
        <span>
          {request.project.deleted ? (
            t('requestDetail.header.matter', { title: request.project.title })
          ) : (
            <MatterLink to={hrefTo('projects', undefined, { 'project-id': request.projectId })}>
              {t('requestDetail.header.matter', { title: request.project.title })}
            </MatterLink>
          )}
        </span>
        {!isOffice && <AssigneeControl request={request} canChange={canChangeAssignee} />}
        {request.project.deleted && <span>{t('requestDetail.header.deletedMatter')}</span>}
        {unread > 0 && (
          <MatterLink
            to={pathTo('requestMails', {
              projectId: request.projectId,
              requestId: String(request.requestId),
            })}
          >
            {t('requestDetail.header.unread', { count: unread })}
          </MatterLink>
        )}
      </Meta>
    </Header>
  );
}
