import {
  useDeleteProjectMutation,
  useDuplicateProjectMutation,
  useGetProjectQuery,
} from '@ipportal/api-client';
import type { ProjectDetail } from '@ipportal/domain';
import {
  Button,
  ChevronLeftIcon,
  ConfirmDialog,
  CopyIcon,
  EmptyState,
  LoadingText,
  StatusChip,
  Tabs,
  TrashIcon,
  useToast,
} from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { hrefTo, pathTo } from '../../../routes/paths';
import { FormAlert } from '../../../shared/forms/form-alert';
import { focusRing } from '../../../shared/focus-ring';
import { ProjectRequests } from '../../requests';
import { selectUserType } from '../../auth';
import { useFormats } from '../format';
import { projectsQueryParams } from '../projects-query';
import { statusTone } from '../status-tone';
import { useConfirmDiscard } from '../../../shared/unsaved-changes';
import { failureDetail } from './failure-detail';
import { MatterInfo } from './matter-info';
import { Stack } from './layout';
import { AssigneesPanel } from './assignees-panel';
import { EpGrantPanel } from './ep-grant-panel';
import { UserSpace } from './user-space/user-space';

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.xl}px;
  margin: ${({ theme }) => theme.space.md}px 0 ${({ theme }) => theme.space.lg}px;
`;

const Heading = styled.div`
  min-width: 0;
  flex: 1 1 360px;
  & > h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm}px;
    font-size: ${({ theme }) => theme.typography.fontSize.xl};
    line-height: ${({ theme }) => theme.typography.lineHeight.tight};
    overflow-wrap: anywhere;
  }
  & > h2 > span {
    display: block;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeight.regular};
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: ${({ theme }) => theme.space.xxs}px;
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm}px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm}px;
`;

const TabBody = styled.div`
  padding-top: ${({ theme }) => theme.space.lg}px;
`;

type DetailTab = 'info' | 'requests' | 'userSpace';

/**
 * The request info tab: the matter's requests (`ProjectRequests` of features/requests). With
 * `estimate=true` the request form opens at once with type estimate; closing it drops the flag.
 */
function RequestInfo({
  detail,
  estimate,
  isFirm,
}: {
  detail: ProjectDetail;
  estimate: boolean;
  isFirm: boolean;
}) {
  const [search, setSearch] = useSearchParams();
  return (
    <ProjectRequests
      projectId={detail.id}
      canCreate={!isFirm && detail.deletedAt === null}
      startEstimate={estimate}
      onEstimateHandled={() => {
        const next = new URLSearchParams(search);
        next.delete(projectsQueryParams.estimate);
        setSearch(next, { replace: true });
      }}
      hrefOf={(row) => pathTo('requestMails', { projectId: row.projectId, requestId: String(row.requestId) })}
      firmView={isFirm}
    />
  );
}

/**
 * A matter: header with duplicate and delete, then the tabs matter info,
 * request info and user space (client side only). Deleted matters are read-only.
 */
export function ProjectDetailView({ projectId, estimate }: { projectId: string; estimate: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const toast = useToast();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const userType = useAppSelector(selectUserType);
  const { data: detail, error, isLoading, refetch } = useGetProjectQuery(projectId);
  const [duplicate, { isLoading: duplicating }] = useDuplicateProjectMutation();
  const [remove, { isLoading: deleting }] = useDeleteProjectMutation();
  const [confirm, setConfirm] = useState<'duplicate' | 'delete' | null>(null);
  const [tab, setTab] = useState<DetailTab>(estimate ? 'requests' : 'info');
  // Another tab replaces the open edit groups: ask before their changes go.
  const confirmDiscard = useConfirmDiscard();

  const listSearch = new URLSearchParams(search);
  listSearch.delete(projectsQueryParams.projectId);
  listSearch.delete(projectsQueryParams.estimate);
  const listHref = hrefTo('projects', undefined, listSearch);
  const back = (
    <BackLink to={listHref}>
      <ChevronLeftIcon size={16} aria-hidden="true" />
      {t('projects.detail.back')}
    </BackLink>
  );

  if (isLoading) return <LoadingText block>{t('shell.loading')}</LoadingText>;
  if (!detail) {
    const notFound = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
    return (
      <Stack>
        {back}
        {notFound ? (
          <EmptyState headingLevel={2} title={t('projects.detail.notFound')} />
        ) : (
          <FormAlert>
            {t('projects.detail.loadFailed')}
            {failureDetail(error, t) ? `\n${failureDetail(error, t)}` : ''}{' '}
            <Button variant="tertiary" size="sm" onClick={() => void refetch()}>
              {t('projects.common.retry')}
            </Button>
          </FormAlert>
        )}
      </Stack>
    );
  }

  const deleted = detail.deletedAt !== null;
  const isFirm = userType === 'PATENT';
  // User space is the client side's own (firms never see it); duplicate and delete are the client's too.
  const showUserSpace = !isFirm;

  const runDuplicate = async () => {
    const result = await duplicate(detail.id);
    setConfirm(null);
    if ('error' in result) {
      toast.error(t('projects.toast.duplicateFailed'), { detail: failureDetail(result.error, t) });
      return;
    }
    toast.info(t('projects.toast.duplicateSuccess'), { detail: result.data.refrenceCode });
    const next = new URLSearchParams(listSearch);
    next.set(projectsQueryParams.projectId, result.data.id);
    void navigate(hrefTo('projects', undefined, next));
  };

  const runDelete = async () => {
    const result = await remove(detail.id);
    setConfirm(null);
    if ('error' in result) {
      toast.error(t('projects.toast.deleteFailed'), { detail: failureDetail(result.error, t) });
      return;
    }
    toast.info(t('projects.toast.deleteSuccess'), { detail: detail.refrenceCode });
    void navigate(listHref);
  };

  const tabs = [
    { id: 'info', label: t('projects.detail.tabInfo') },
    { id: 'requests', label: t('projects.detail.tabRequests'), count: detail.requestCount },
    ...(showUserSpace ? [{ id: 'userSpace', label: t('projects.detail.tabUserSpace') }] : []),
  ];

  return (
    <div>
      {back}
      <Head>
        <Heading>
          <h2>
            <span>{detail.refrenceCode}</span>
            {detail.title}
          </h2>
          <Chips>
            <StatusChip>{t(`code.caseType.${detail.type}`)}</StatusChip>
            <StatusChip>{t(`region.${detail.regionCode}`)}</StatusChip>
            <StatusChip tone={statusTone(detail.status)} dot>
              {t(`code.progressStatus.${detail.status}`)}
            </StatusChip>
            {deleted && <StatusChip tone="danger">{t('code.projectTab.deleted')}</StatusChip>}
          </Chips>
        </Heading>
        {!deleted && !isFirm && (
          <Actions>
            <Button
              variant="secondary"
              startIcon={<CopyIcon size={18} />}
              onClick={() => setConfirm('duplicate')}
            >
              {t('projects.detail.duplicate')}
            </Button>
            <Button variant="danger" startIcon={<TrashIcon size={18} />} onClick={() => setConfirm('delete')}>
              {t('projects.detail.delete')}
            </Button>
          </Actions>
        )}
      </Head>
      {deleted && (
        <Stack>
          <FormAlert tone="info">
            {t('projects.detail.deletedNotice', { date: formats.dateTime(detail.deletedAt) })}
          </FormAlert>
          <span />
        </Stack>
      )}
      {!isFirm && <AssigneesPanel projectId={detail.id} deleted={deleted} />}
      {!isFirm && <EpGrantPanel detail={detail} />}
      <Tabs
        items={tabs}
        value={tab === 'userSpace' && !showUserSpace ? 'info' : tab}
        onChange={(id) => confirmDiscard(() => setTab(id as DetailTab))}
        label={t('projects.detail.tabsLabel')}
      >
        {(active) => (
          <TabBody>
            {active === 'info' && <MatterInfo detail={detail} isFirm={isFirm} />}
            {active === 'requests' && <RequestInfo detail={detail} estimate={estimate} isFirm={isFirm} />}
            {active === 'userSpace' && showUserSpace && <UserSpace detail={detail} />}
          </TabBody>
        )}
      </Tabs>
      <ConfirmDialog
        open={confirm === 'duplicate'}
        title={t('projects.confirm.duplicateTitle')}
        message={t('projects.confirm.duplicateMessage', { ref: detail.refrenceCode })}
        confirmLabel={t('projects.confirm.duplicateConfirm')}
        loading={duplicating}
        onConfirm={() => void runDuplicate()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        tone="danger"
        title={t('projects.confirm.deleteTitle')}
        message={t('projects.confirm.deleteMessage', { ref: detail.refrenceCode })}
        confirmLabel={t('projects.confirm.deleteConfirm')}
        loading={deleting}
        onConfirm={() => void runDelete()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
