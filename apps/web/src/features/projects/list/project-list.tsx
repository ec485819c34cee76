import { apiErrorText, isApiError, useListProjectFamilyGroupsQuery } from '@ipportal/api-client';
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
import { withGroupHeaders } from './group-by-family';
import type { ListRow } from './group-by-family';
import { csvQueryOf, familyGroupsArgsOf, listArgsOf, readListView, writeListView } from './list-view';
import type { ListView } from './list-view';
import { ListToolbar } from './list-toolbar';
import { Progress, TableFrame } from './project-list.styles';
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
 * once and scroll to any row. Grouped by family, the server orders the view by family and
 * answers the groups' sizes, so the grouped view fetches only its viewport's pages too and puts
 * each group's header at its offset. The scroll position is kept per URL (the view's filters,
 * sort and grouping are in it) for a reload and the back button.
 */
export function ProjectList() {
  const { t } = useTranslation();
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

  // Grouped: where each group starts (its size, in the order of the server's grouped pages).
  const familyGroups = useListProjectFamilyGroupsQuery(familyGroupsArgsOf(view), { skip: !grouped });

  // The restore of a saved position waits for its rows; their page is fetched first.
  const scrollKey = `${location.pathname}?${search.toString()}`;
  const pendingScroll = useSavedScroll(scrollKey, tableRowHeight);
  const pendingRow = pendingScroll.row;
  const restoreRows = useMemo(() => (pendingRow === null ? [] : [pendingRow]), [pendingRow]);
  const viewport = useViewportPages(args, range, restoreRows);
  const restoreReady = pendingRow !== null && viewport.hasRow(pendingRow);
  useScrollMemory(scrollElement, pendingScroll, restoreReady);

  // While a new view's first page is on the way the last view's rows stay, with their groups.
  const groups = grouped ? (viewport.stale ? familyGroups.data : familyGroups.currentData) : undefined;
  const rows = useMemo<ListRow[]>(() => {
    const positioned = viewportRows(viewport.total ?? 0, viewport.pages);
    return groups ? withGroupHeaders(positioned, groups) : positioned;
  }, [groups, viewport.total, viewport.pages]);
  const counts = viewport.counts;
  // A grouped view shows once its groups are known too, so no header moves in after its rows.
  const shown = viewport.total !== undefined && (!grouped || familyGroups.data !== undefined);
  const stale = viewport.stale || (grouped && familyGroups.currentData === undefined);
  const error = viewport.error ?? (grouped && familyGroups.isError ? familyGroups.error : undefined);

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
  const retry = () => {
    viewport.retry();
    if (grouped && familyGroups.isError) void familyGroups.refetch();
  };
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
        {shown && total !== undefined ? t('projects.list.count', { n: formats.number(total) }) : null}
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
