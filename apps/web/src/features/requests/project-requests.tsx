import { useListRequestsQuery } from '@ipportal/api-client';
import type { RequestSummary } from '@ipportal/domain';
import { Button, EmptyState, LoadingText } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { requestTexts } from './request-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { RequestFormDialog } from './form/request-form-dialog';
import { RequestTable } from './request-table';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
`;

// minmax(0, 1fr): the tab never grows wider than its column; the table scrolls sideways inside.
const Root = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
`;

export interface ProjectRequestsProps {
  projectId: string;
  /** Clients may send requests about a live matter; offices and deleted matters may not. */
  canCreate: boolean;
  /** Open the form at once with type estimate (/projects?project-id=<id>&estimate=true). */
  startEstimate?: boolean;
  /** Called once the estimate form closes, so a reload does not open it again. */
  onEstimateHandled?: () => void;
  hrefOf: (row: RequestSummary) => string;
  /** Offices see only the requests addressed to them. */
  firmView?: boolean;
}

/** The matter detail's request info tab: the matter's requests and a New request button. */
export function ProjectRequests({
  projectId,
  canCreate,
  startEstimate = false,
  onEstimateHandled,
  hrefOf,
  firmView = false,
}: ProjectRequestsProps) {
  useMessages(requestTexts, domainMessages);
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'closed' | 'open' | 'estimate'>(
    startEstimate && canCreate ? 'estimate' : 'closed',
  );
  const { data, isLoading, isError, refetch } = useListRequestsQuery({
    projectId,
    sort: 'requestId',
    order: 'asc',
    limit: 200,
  });

  return (
    <Root aria-labelledby="project-requests-heading">
      <Bar>
        <h3 id="project-requests-heading">{t('requests.matter.heading')}</h3>
        {canCreate && <Button onClick={() => setDialog('open')}>{t('requests.list.new')}</Button>}
      </Bar>
      {isLoading ? (
        <LoadingText>{t('shell.loading')}</LoadingText>
      ) : isError ? (
        <EmptyState
          headingLevel={3}
          title={t('requests.list.loadFailed')}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('requests.common.retry')}
            </Button>
          }
        />
      ) : (
        <RequestTable
          rows={data?.items ?? []}
          caption={t('requests.matter.heading')}
          hrefOf={hrefOf}
          side={firmView ? 'office' : 'client'}
          emptyText={firmView ? t('requests.matter.emptyFirm') : t('requests.matter.empty')}
        />
      )}
      <RequestFormDialog
        open={dialog !== 'closed'}
        projectId={projectId}
        {...(dialog === 'estimate' ? { initialType: 'estimate' as const } : {})}
        onClose={() => {
          if (dialog === 'estimate') onEstimateHandled?.();
          setDialog('closed');
        }}
      />
    </Root>
  );
}
