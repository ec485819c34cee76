import { apiErrorText, isApiError, useListProjectsInfiniteQuery } from '@ipportal/api-client';
import { projectTabs } from '@ipportal/domain';
import type { Project } from '@ipportal/domain';
import { Button, LoadingText, Tabs, VirtualTable } from '@ipportal/ui';
import type { TableSort, VirtualRange } from '@ipportal/ui';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../../routes/paths';
import { FormAlert } from '../../../shared/forms/form-alert';
import { useFormats } from '../format';
import { projectsQueryParams } from '../projects-query';
import { listSortOf, tableSortOf, useListColumns } from './columns';
import { CsvProgressView } from './csv-progress';
import { groupByFamily } from './group-by-family';
import type { ListRow } from './group-by-family';
import { csvQueryOf, listArgsOf, readListView, writeListView } from './list-view';
import type { ListView } from './list-view';
import { ListToolbar } from './list-toolbar';
import { Progress, TableFrame } from './project-list.styles';
import { useAllPages, useLoadedProjects } from './use-all-pages';
import { useAvailableSize } from './use-available-size';
import { useCsvExport } from './use-csv-export';
import { useDebouncedQuery } from './use-debounced-query';
import { useSavedScroll, useScrollMemory } from './use-scroll-memory';
import { useViewportPages } from './use-viewport-pages';
import { viewportRows } from './viewport-pages';

const tableRowHeight = 44;
const noRange: VirtualRange = { start: -1, end: -1 };

/**
 * The matter list: tabs with counts, status filter, search, sortable columns, group by family,
 * CSV export of the whole view (streamed by the server). The table is as tall as the whole view
 * (the tab's count) and fetches only the pages of the rows in view, so 100,000 matters open at
 * once and scroll to any row. Grouped by family, the groups need every matter: that view loads
 * the pages one after another in the background. The scroll position is kept per URL (the
 * view's filters and sort are in it) for a reload and the back button.
 */
export function ProjectList() {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const view = readListView(search);
  const { tab, status, q, sort, order, groupByFamily: grouped } = view;
  const args = listArgsOf(view);
  const csvQuery = csvQueryOf(view);

  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [range, setRange] = useState<VirtualRange>(noRange);

  // Grouped: every page (the groups span the whole list).
  const all = useListProjectsInfiniteQuery(args, { skip: !grouped });
  useAllPages({
    currentData: all.currentData,
    hasNextPage: all.hasNextPage,
    isFetchingNextPage: all.isFetchingNextPage,
    isError: all.isError,
    fetchNextPage: all.fetchNextPage,
  });
  const loaded = useLoadedProjects(grouped ? all.data : undefined);
  const collator = useMemo(() => new Intl.Collator(i18n.language), [i18n.language]);
  const groupedRows = useMemo(
    () => (grouped ? groupByFamily(loaded, collator) : []),
    [grouped, loaded, collator],
  );

  // The restore of a saved position waits for its rows; their page is fetched first.
  const scrollKey = `${location.pathname}?${search.toString()}`;
  const pendingScroll = useSavedScroll(scrollKey, tableRowHeight);
  const pendingRow = pendingScroll.row;
  const restoreRows = useMemo(() => (pendingRow === null ? [] : [pendingRow]), [pendingRow]);
  const viewport = useViewportPages(args, range, restoreRows, { enabled: !grouped });
  const restoreReady =
    pendingRow !== null &&
    (grouped
      ? Boolean(all.currentData) && (pendingRow < groupedRows.length || !all.hasNextPage)
      : viewport.hasRow(pendingRow));
  useScrollMemory(scrollElement, pendingScroll, restoreReady);

  const rows = useMemo<ListRow[]>(
    () => (grouped ? groupedRows : viewportRows(viewport.total ?? 0, viewport.pages)),
    [grouped, groupedRows, viewport.total, viewport.pages],
  );
  const counts = grouped ? all.data?.pages[0]?.counts : viewport.counts;
  const shown = grouped ? Boolean(all.data) : viewport.total !== undefined;
  const stale = grouped ? !all.currentData && all.isFetching : viewport.stale;
  const error = grouped ? (all.isError ? all.error : undefined) : viewport.error;

  const update = useCallback(
    (patch: Partial<ListView>, replace = false) => {
      setSearch((current) => writeListView(current, { ...readListView(current), ...patch }), { replace });
    },
    [setSearch],
  );
  // The search box updates the URL (and the server query) once typing pauses.
  const commitQuery = useCallback((typed: string) => update({ q: typed }, true), [update]);
  const [text, setText] = useDebouncedQuery(q, commitQuery);

  const [tableRef, tableSize] = useAvailableSize(320, shown);
  const { specs, columns } = useListColumns(grouped, tableSize.width);
  const tableSort = useMemo(() => tableSortOf(specs, sort, order), [specs, sort, order]);
  const onSortChange = (next: TableSort | null) => update(listSortOf(specs, next));

  const openProject = (project: Project | null) => {
    if (!project) return;
    const next = new URLSearchParams(search);
    next.set(projectsQueryParams.projectId, project.id);
    next.delete(projectsQueryParams.estimate);
    void navigate(hrefTo('projects', undefined, next));
  };

  const csv = useCsvExport(csvQuery);

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
  const retry = () =>
    grouped ? (all.data ? void all.fetchNextPage() : void all.refetch()) : viewport.retry();
  const errorText = isApiError(error) ? apiErrorText(error, t) : t('apiError.projectListFetchFailed');

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
        exportPending={csv.state.kind === 'running'}
        exportDisabled={!shown || total === 0}
        onExport={csv.start}
      />
      <Progress aria-live="polite">
        {shown && total !== undefined
          ? grouped && (all.hasNextPage || all.isFetchingNextPage)
            ? t('projects.list.loadingMore', {
                loaded: formats.number(loaded.length),
                total: formats.number(total),
              })
            : t('projects.list.count', { n: formats.number(total) })
          : null}
      </Progress>
      <CsvProgressView state={csv.state} onCancel={csv.cancel} />
      {error !== undefined && shown && (
        <FormAlert>
          {errorText}{' '}
          <Button variant="tertiary" size="sm" onClick={retry}>
            {t('projects.common.retry')}
          </Button>
        </FormAlert>
      )}
      {error !== undefined && !shown ? (
        <FormAlert>
          {errorText}{' '}
          <Button variant="tertiary" size="sm" onClick={retry}>
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
            getRowKey={(row) => row.project?.id ?? `#${row.index}`}
            label={t('projects.list.tableLabel')}
            height={tableSize.height}
            rowHeight={tableRowHeight}
            overscan={4}
            sort={tableSort}
            manualSorting
            onSortChange={onSortChange}
            onRowClick={(row) => openProject(row.project)}
            onRangeChange={setRange}
            scrollRef={setScrollElement}
            emptyText={emptyText}
          />
        </TableFrame>
      )}
    </Tabs>
  );
}
