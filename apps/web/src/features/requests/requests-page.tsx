import { useGetUserQuery, useListRequestsQuery } from '@ipportal/api-client';
import { conciergeFilter, requestListDefaultLimit, requestStatusFilter } from '@ipportal/domain';
import type { ConciergeFilter, RequestSummary } from '@ipportal/domain';
import { Button, EmptyState, LoadingText, Pagination, Select, TextField } from '@ipportal/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { requestTexts } from './request-texts';
import { pathTo } from '../../routes/paths';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { RequestFormDialog } from './form/request-form-dialog';
import { RequestTable } from './request-table';
import { selectUserType } from '../auth';
import { RequestActions } from './request-actions';
import { readRequestListQuery, requestListSearch, type RequestListView } from './request-list-query';

// minmax(0, 1fr): the page never grows wider than its column; the table scrolls sideways inside.
const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  & > .grow {
    flex: 1 1 260px;
  }
`;

const FilterHelp = styled.p`
  flex: 1 0 100%;
  margin: 0;
  max-width: 72ch;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Summary = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  margin-bottom: ${({ theme }) => theme.space.sm}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const Pager = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.lg}px;
`;

const hrefOf = (row: RequestSummary) =>
  pathTo('requestMails', { projectId: row.projectId, requestId: String(row.requestId) });

/**
 * /requests: clients see the requests of the matters they see, offices those
 * addressed to their firm. Filters for status and concierge, search, sort and pages live in the
 * URL (shareable, kept on reload); a row leads to the request's mails. Clients start a request
 * here; the addressed office accepts, marks completed or declines. The concierge filter says what
 * the concierge is.
 */
export function RequestsPage() {
  useMessages(requestTexts, domainMessages);
  const { t } = useTranslation();
  const userType = useAppSelector(selectUserType);
  const isFirm = userType === 'PATENT';
  // Only the addressed office moves a request on; the concierge reads the requests it coordinates
  // (ADR 0019) and is offered no move on them (the server refuses them too).
  const { data: user } = useGetUserQuery(undefined, { skip: !isFirm });
  const ownFirmId = user?.firmId ?? null;
  const [search, setSearch] = useSearchParams();
  const view = readRequestListQuery(search);
  const [text, setText] = useState(view.q);
  const [formOpen, setFormOpen] = useState(false);
  const conciergeHelpId = useId();

  const update = useCallback(
    (changes: Partial<RequestListView>) => {
      // Any change but the page starts again at page 1.
      const next = { ...view, page: 1, ...changes };
      setSearch(requestListSearch(next), { replace: true });
    },
    [view, setSearch],
  );

  // Search as the user types, after a short pause (one call per pause, not per key).
  useEffect(() => {
    if (text.trim() === view.q) return;
    const timer = setTimeout(() => update({ q: text.trim() }), 300);
    return () => clearTimeout(timer);
  }, [text, view.q, update]);

  const { data, isLoading, isFetching, isError, refetch } = useListRequestsQuery({
    status: view.status,
    concierge: view.concierge,
    sort: view.sort,
    order: view.order,
    offset: (view.page - 1) * requestListDefaultLimit,
    limit: requestListDefaultLimit,
    ...(view.q ? { q: view.q } : {}),
  });
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / requestListDefaultLimit));
  const filtered = view.q !== '' || view.status !== '0' || view.concierge !== 'all';

  return (
    <Page>
      <Toolbar>
        <Select
          label={t('requests.list.status')}
          value={view.status}
          options={requestStatusFilter.values.map((value) => ({
            value: String(value),
            label: t(requestStatusFilter.labelKey(value)),
          }))}
          onChange={(event) => update({ status: event.target.value as RequestListView['status'] })}
        />
        <Select
          label={t('requests.list.concierge')}
          aria-describedby={conciergeHelpId}
          value={view.concierge}
          options={conciergeFilter.values.map((value) => ({
            value,
            label: t(conciergeFilter.labelKey(value)),
          }))}
          onChange={(event) => update({ concierge: event.target.value as ConciergeFilter })}
        />
        <div className="grow">
          <TextField
            type="search"
            label={t('requests.list.search')}
            placeholder={t(
              isFirm ? 'requests.list.searchPlaceholderOffice' : 'requests.list.searchPlaceholder',
            )}
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {!isFirm && <Button onClick={() => setFormOpen(true)}>{t('requests.list.new')}</Button>}
        <FilterHelp id={conciergeHelpId}>{t('requests.list.conciergeHelp')}</FilterHelp>
      </Toolbar>
      {isLoading ? (
        <LoadingText>{t('shell.loading')}</LoadingText>
      ) : isError ? (
        <EmptyState
          title={t('requests.list.loadFailed')}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('requests.common.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Summary aria-live="polite" aria-busy={isFetching || undefined}>
            <span>{t('requests.list.count', { n: total })}</span>
          </Summary>
          <RequestTable
            rows={data?.items ?? []}
            caption={t('requests.list.caption')}
            hrefOf={hrefOf}
            showProject
            side={isFirm ? 'office' : 'client'}
            sort={{ field: view.sort, order: view.order }}
            onSortChange={(sort) =>
              update(sort ? { sort: sort.field, order: sort.order } : { sort: 'registDate', order: 'desc' })
            }
            {...(isFirm
              ? {
                  actions: (row: RequestSummary) =>
                    row.target.id === ownFirmId ? <RequestActions request={row} /> : null,
                }
              : {})}
            emptyText={filtered ? t('requests.list.emptyFiltered') : t('requests.list.empty')}
          />
          {pageCount > 1 && (
            <Pager>
              <Pagination page={view.page} pageCount={pageCount} onPageChange={(page) => update({ page })} />
            </Pager>
          )}
        </>
      )}
      {!isFirm && <RequestFormDialog open={formOpen} onClose={() => setFormOpen(false)} />}
    </Page>
  );
}
