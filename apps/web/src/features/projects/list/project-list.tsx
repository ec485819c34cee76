import { apiErrorText, isApiError, useListProjectsInfiniteQuery } from '@ipportal/api-client';
import { projectTabs } from '@ipportal/domain';
import type { Project } from '@ipportal/domain';
import { Button, LoadingText, Tabs, VirtualTable } from '@ipportal/ui';
import type { TableSort } from '@ipportal/ui';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../../routes/paths';
import { FormAlert } from '../../../shared/forms/form-alert';
import { useFormats } from '../format';
import { projectsQueryParams } from '../projects-query';
import { listSortOf, tableSortOf, useListColumns } from './columns';
import { groupByFamily, ungroupedRows } from './group-by-family';
import { listArgsOf, readListView, writeListView } from './list-view';
import type { ListView } from './list-view';
import { ListToolbar } from './list-toolbar';
import { Progress, TableFrame } from './project-list.styles';
import { useAllPages, useLoadedProjects } from './use-all-pages';
import { useAvailableSize } from './use-available-size';
import { useCsvExport } from './use-csv-export';
import { useDebouncedQuery } from './use-debounced-query';

const tableRowHeight = 44;

/**
 * The matter list: tabs with counts, status filter, search, sortable columns, group by family,
 * CSV export of the current view. Pages of the server list load one after another in the
 * background; the table renders only the visible rows, so 10,000 matters scroll smoothly.
 */
export function ProjectList() {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const view = readListView(search);
  const { tab, status, q, sort, order, groupByFamily: grouped } = view;
  // RTK Query keys its cache by the serialized args: a new object each render is fine.
  const query = useListProjectsInfiniteQuery(listArgsOf(view));
  const {
    data,
    currentData,
    error,
    isError,
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
  } = query;

  // `data` keeps the previous rows (shown as busy) while another tab, filter or sort loads.
  const shown = data;
  const stale = !currentData && isFetching;

  useAllPages({ currentData, hasNextPage, isFetchingNextPage, isError, fetchNextPage });
  const projects = useLoadedProjects(shown);
  const counts = shown?.pages[0]?.counts;
  const collator = useMemo(() => new Intl.Collator(i18n.language), [i18n.language]);
  const rows = useMemo(
    () => (grouped ? groupByFamily(projects, collator) : ungroupedRows(projects)),
    [grouped, projects, collator],
  );

  const update = useCallback(
    (patch: Partial<ListView>, replace = false) => {
      setSearch((current) => writeListView(current, { ...readListView(current), ...patch }), { replace });
    },
    [setSearch],
  );
  // The search box updates the URL (and the server query) once typing pauses.
  const commitQuery = useCallback((typed: string) => update({ q: typed }, true), [update]);
  const [text, setText] = useDebouncedQuery(q, commitQuery);

  const [tableRef, tableSize] = useAvailableSize(320, Boolean(shown));
  const { specs, columns } = useListColumns(grouped, tableSize.width);
  const tableSort = useMemo(() => tableSortOf(specs, sort, order), [specs, sort, order]);
  const onSortChange = (next: TableSort | null) => update(listSortOf(specs, next));

  const openProject = (project: Project) => {
    const next = new URLSearchParams(search);
    next.set(projectsQueryParams.projectId, project.id);
    next.delete(projectsQueryParams.estimate);
    void navigate(hrefTo('projects', undefined, next));
  };

  const csv = useCsvExport({
    tab,
    grouped,
    specs,
    rows,
    loading: Boolean(hasNextPage) || isFetching,
    current: Boolean(currentData),
  });

  const total = counts?.[tab];
  const filtered = q.trim() !== '' || status !== 'all';
  const emptyText =
    tab === 'all' && !filtered
      ? t('projects.list.empty')
      : filtered
        ? t('projects.list.emptyFiltered')
        : t('projects.list.emptyTab');

  const tabItems = projectTabs.values.map((id) => ({
    id,
    label: t(`code.projectTab.${id}`),
    count: counts ? counts[id] : undefined,
  }));

  return (
    <Tabs
      items={tabItems}
      value={tab}
      onChange={(id) => update({ tab: id as ListView['tab'] })}
      label={t('projects.list.tabsLabel')}
    >
      <ListToolbar
        text={text}
        onTextChange={setText}
        status={status}
        grouped={grouped}
        update={update}
        exportPending={csv.pending}
        exportDisabled={!shown || projects.length === 0}
        onExport={csv.requestExport}
      />
      <Progress aria-live="polite">
        {shown && total !== undefined
          ? hasNextPage || isFetchingNextPage
            ? t('projects.list.loadingMore', {
                loaded: formats.number(projects.length),
                total: formats.number(total),
              })
            : t('projects.list.count', { n: formats.number(projects.length) })
          : null}
      </Progress>
      {isError && shown && (
        <FormAlert>
          {isApiError(error) ? apiErrorText(error, t) : t('apiError.projectListFetchFailed')}{' '}
          <Button variant="tertiary" size="sm" onClick={() => void fetchNextPage()}>
            {t('projects.common.retry')}
          </Button>
        </FormAlert>
      )}
      {isError && !shown ? (
        <FormAlert>
          {isApiError(error) ? apiErrorText(error, t) : t('apiError.projectListFetchFailed')}{' '}
          <Button variant="tertiary" size="sm" onClick={() => void refetch()}>
            {t('projects.common.retry')}
          </Button>
        </FormAlert>
      ) : !shown ? (
        <LoadingText block>{t('shell.loading')}</LoadingText>
      ) : (
        <TableFrame
          ref={tableRef}
          aria-busy={stale || undefined}
          style={stale ? { opacity: 0.6 } : undefined}
        >
          <VirtualTable
            columns={columns}
            rows={rows}
            getRowKey={(row) => row.project.id}
            label={t('projects.list.tableLabel')}
            height={tableSize.height}
            rowHeight={tableRowHeight}
            overscan={4}
            sort={tableSort}
            manualSorting
            onSortChange={onSortChange}
            onRowClick={(row) => openProject(row.project)}
            emptyText={emptyText}
          />
        </TableFrame>
      )}
    </Tabs>
  );
}
