import { fetchRequestBlob, useListDeliverablesQuery } from '@ipportal/api-client';
import type { DeliverableListQuery } from '@ipportal/domain';
import { Button, EmptyState, LoadingText, Pagination, Select } from '@ipportal/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { pathTo } from '../../routes/paths';
import { focusRing } from '../../shared/focus-ring';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { DeliverableTable, officeName, requestDetailTexts } from '../requests';

const pageSize = 50;

const Filters = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: 0;
  border: 0;
  & > div {
    min-width: 200px;
  }
  & > legend {
    margin-bottom: ${({ theme }) => theme.space.xs}px;
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  }
`;

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const RequestLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  overflow-wrap: anywhere;
  ${focusRing}
`;

const Pager = styled.div`
  margin-top: ${({ theme }) => theme.space.md}px;
`;

/** Filters live in the URL (`matter`, `request`, `office`, `page`) so a filtered list can be shared and reloaded. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const matter = params.get('matter') ?? '';
  const request = params.get('request') ?? '';
  const office = params.get('office') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = useCallback(
    (next: { matter?: string; request?: string; office?: string; page?: number }) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === '' || value === undefined || value === 1) merged.delete(key);
            else merged.set(key, String(value));
          }
          return merged;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { matter, request, office, page, set };
}

/** /deliverables: every deliverable the user may see, across requests; filter by matter, request and office. */
export function DeliverablesPage() {
  useMessages(requestDetailTexts, domainMessages);
  const { t } = useTranslation();
  const [locale] = useLocale();
  const filters = useFilters();
  const dispatch = useAppDispatch();
  const requestNumber = Number(filters.request);
  const query: DeliverableListQuery = {
    ...(filters.matter ? { projectId: filters.matter } : {}),
    ...(filters.matter && Number.isInteger(requestNumber) && requestNumber > 0 ? { requestNumber } : {}),
    ...(filters.office ? { firmId: filters.office } : {}),
    offset: (filters.page - 1) * pageSize,
    limit: pageSize,
  };
  const { data, isLoading, isFetching, isError, refetch } = useListDeliverablesQuery(query, {
    refetchOnMountOrArgChange: true,
  });

  if (isLoading) return <LoadingText block>{t('requestDetail.common.loading')}</LoadingText>;
  if (isError || !data) {
    return (
      <EmptyState
        headingLevel={2}
        title={t('deliverables.page.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('requestDetail.common.retry')}</Button>}
      />
    );
  }
  const { facets } = data;
  const filtered = Boolean(filters.matter || filters.office);
  if (data.total === 0 && !filtered) {
    return (
      <EmptyState
        headingLevel={2}
        title={t('deliverables.page.empty')}
        description={t('deliverables.page.emptyDetail')}
      />
    );
  }
  const all = { value: '', label: t('deliverables.page.all') };
  const pageCount = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <>
      <Filters aria-busy={isFetching}>
        <legend>{t('deliverables.page.filters')}</legend>
        <Select
          placeholder={null}
          label={t('deliverables.page.matter')}
          value={filters.matter}
          options={[
            all,
            ...facets.projects.map((p) => ({ value: p.id, label: `${p.refrenceCode} ${p.title}` })),
          ]}
          onChange={(event) => filters.set({ matter: event.target.value, request: '', page: 1 })}
        />
        <Select
          placeholder={null}
          label={t('deliverables.page.request')}
          value={filters.request}
          disabled={!filters.matter}
          options={[
            all,
            ...facets.requests
              .filter((r) => r.projectId === filters.matter)
              .map((r) => ({ value: String(r.number), label: `No. ${r.number} ${r.name}` })),
          ]}
          onChange={(event) => filters.set({ request: event.target.value, page: 1 })}
        />
        <Select
          placeholder={null}
          label={t('deliverables.page.office')}
          value={filters.office}
          options={[all, ...facets.firms.map((f) => ({ value: f.id, label: officeName(f, locale) }))]}
          onChange={(event) => filters.set({ office: event.target.value, page: 1 })}
        />
      </Filters>
      <Count aria-live="polite">{t('deliverables.page.count', { n: data.total })}</Count>
      <DeliverableTable
        rows={data.items}
        caption={t('deliverables.list.caption')}
        showContext
        fetchBlob={(path) => dispatch(fetchRequestBlob(path))}
        emptyText={t('deliverables.page.emptyFiltered')}
        renderRequestLink={(row, label) => (
          <RequestLink
            to={pathTo('requestDeliverables', {
              projectId: row.projectId,
              requestId: String(row.requestNumber),
            })}
          >
            {label}
          </RequestLink>
        )}
      />
      {pageCount > 1 && (
        <Pager>
          <Pagination
            page={filters.page}
            pageCount={pageCount}
            onPageChange={(page) => filters.set({ page })}
          />
        </Pager>
      )}
    </>
  );
}
