import { apiErrorText, isApiError, useListProjectsInfiniteQuery } from '@ipportal/api-client';
import { progressStatusFilter, projectTabs } from '@ipportal/domain';
import type { Project, ProjectSortField } from '@ipportal/domain';
import {
  Badge,
  Button,
  FolderIcon,
  LoadingText,
  Select,
  Switch,
  Tabs,
  TextField,
  UploadIcon,
  VirtualTable,
} from '@ipportal/ui';
import type { TableColumn, TableSort } from '@ipportal/ui';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { hrefTo } from '../../../routes/paths';
import { FormAlert } from '../../../shared/forms/form-alert';
import { downloadText, toCsv } from '../csv';
import { useFormats } from '../format';
import type { Formats } from '../format';
import { projectsQueryParams } from '../projects-query';
import { groupByFamily, ungroupedRows } from './group-by-family';
import type { ListRow } from './group-by-family';
import { listArgsOf, readListView, writeListView } from './list-view';
import type { ListView } from './list-view';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.lg}px;
  margin: ${({ theme }) => theme.space.lg}px 0 ${({ theme }) => theme.space.md}px;
  & > .search {
    flex: 1 1 260px;
    max-width: 420px;
  }
  & > .status {
    flex: 0 1 200px;
  }
`;

const ToolbarEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  margin-left: auto;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
`;

const Progress = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FamilyCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  min-width: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  & > span:first-of-type {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The table's frame. Cells are plain spans styled from here: with 10,000 rows a fast scroll mounts
 * dozens of rows per frame, and a styled component per cell would cost more than the cell itself.
 * The status pill matches ui's StatusChip (neutral / info / success tones, with a dot).
 */
const TableFrame = styled.div`
  & .cell-none {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & .status {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs}px;
    padding: 0 ${({ theme }) => theme.space.sm}px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.pill}px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
    line-height: 1.6;
    white-space: nowrap;
  }
  & .status::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
  & .status-1 {
    background: ${({ theme }) => theme.colors.infoSubtle};
    color: ${({ theme }) => theme.colors.info};
    border-color: ${({ theme }) => theme.colors.info};
  }
  & .status-2 {
    background: ${({ theme }) => theme.colors.successSubtle};
    color: ${({ theme }) => theme.colors.success};
    border-color: ${({ theme }) => theme.colors.success};
  }
`;

const tableRowHeight = 44;
const titleMinWidth = 240;
const familyColumnWidth = 200;

/** Rows of the list in display order, and what each column shows (also used for the CSV). */
interface ColumnSpec {
  key: string;
  sortField?: ProjectSortField;
  width: number;
  align?: 'start' | 'end';
  text: (project: Project) => string;
  csv?: (project: Project) => string | number | null;
}

function columnSpecs(t: TFunction, formats: Formats): ColumnSpec[] {
  return [
    { key: 'refrenceCode', sortField: 'refrenceCode', width: 128, text: (p) => p.refrenceCode },
    { key: 'type', sortField: 'type', width: 132, text: (p) => t(`code.caseType.${p.type}`) },
    { key: 'region', sortField: 'regionCode', width: 150, text: (p) => t(`region.${p.regionCode}`) },
    { key: 'title', sortField: 'title', width: titleMinWidth, text: (p) => p.title },
    { key: 'status', sortField: 'status', width: 112, text: (p) => t(`code.progressStatus.${p.status}`) },
    {
      key: 'applicationCode',
      sortField: 'applicationCode',
      width: 156,
      text: (p) => p.applicationCode ?? '',
    },
    {
      key: 'applicationDate',
      sortField: 'applicationDate',
      width: 116,
      text: (p) => formats.shortDate(p.applicationDate),
      csv: (p) => p.applicationDate,
    },
    { key: 'registCode', sortField: 'registCode', width: 144, text: (p) => p.registCode ?? '' },
    {
      key: 'requestCount',
      sortField: 'requestCount',
      width: 84,
      align: 'end',
      text: (p) => formats.number(p.requestCount),
      csv: (p) => p.requestCount,
    },
    {
      key: 'updateDate',
      sortField: 'updateDate',
      width: 116,
      text: (p) => formats.instantDate(p.updateDate),
      csv: (p) => p.updateDate,
    },
  ];
}

/**
 * The size the table can take: its container's width, and the height left in the window so the
 * page does not scroll on a desktop screen.
 */
function useAvailableSize(
  min: number,
  ready: boolean,
): [RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 1000, height: 480 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const next = {
        width: Math.floor(rect.width),
        height: Math.max(min, Math.floor(window.innerHeight - top - 24)),
      };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [min, ready]);
  return [ref, size];
}

/**
 * The matter list (spec section 2): tabs with counts, status filter, search, sortable columns,
 * group by family, CSV export of the current view. Pages of the server list load one after
 * another in the background; the table renders only the visible rows, so 10,000 matters scroll
 * smoothly.
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

  // Load every page: the table, the grouping and the CSV export work on the whole list.
  useEffect(() => {
    if (currentData && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [currentData, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const projects = useMemo(() => {
    if (!shown) return [];
    const seen = new Set<string>();
    const out: Project[] = [];
    for (const page of shown.pages) {
      for (const item of page.items) {
        if (!seen.has(item.id)) {
          seen.add(item.id);
          out.push(item);
        }
      }
    }
    return out;
  }, [shown]);
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
  const [text, setText] = useState(q);
  const typed = useRef(q);
  useEffect(() => {
    if (q !== typed.current) {
      typed.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    if (text === typed.current) return;
    const timer = setTimeout(() => {
      typed.current = text;
      update({ q: text }, true);
    }, 300);
    return () => clearTimeout(timer);
  }, [text, update]);

  const specs = useMemo(() => columnSpecs(t, formats), [t, formats]);
  const [tableRef, tableSize] = useAvailableSize(320, Boolean(shown));
  const availableWidth = tableSize.width;
  const columns = useMemo<TableColumn<ListRow>[]>(() => {
    // Every column has a width in px so all rows share one grid; the title takes what is left.
    const others = specs.reduce((sum, spec) => sum + (spec.key === 'title' ? 0 : spec.width), 0);
    const noneText = t('projects.common.none');
    const titleWidth = Math.max(
      titleMinWidth,
      availableWidth - others - (grouped ? familyColumnWidth : 0) - 2,
    );
    // Cells are cheap: plain text where possible, one plain span otherwise (the table renders a
    // row once when it scrolls into view).
    const cellOf = (spec: ColumnSpec, project: Project): ReactNode => {
      const value = spec.text(project);
      if (spec.key === 'status') return <span className={`status status-${project.status}`}>{value}</span>;
      if (value === '') return <span className="cell-none">{noneText}</span>;
      // A tooltip only where long texts are cut.
      if (spec.key === 'title' || spec.key === 'region') return <span title={value}>{value}</span>;
      return value;
    };
    const main = specs.map<TableColumn<ListRow>>((spec) => ({
      key: spec.key,
      header: t(`projects.column.${spec.key}`),
      sortable: Boolean(spec.sortField),
      width: spec.key === 'title' ? titleWidth : spec.width,
      align: spec.align,
      cell: ({ project }) => cellOf(spec, project),
    }));
    if (!grouped) return main;
    const family: TableColumn<ListRow> = {
      key: 'family',
      header: t('projects.column.family'),
      width: familyColumnWidth,
      cell: ({ group }) => {
        if (!group) return null;
        const name = group.family ?? t('projects.list.noFamily');
        return (
          <FamilyCell>
            <FolderIcon size={16} />
            <span title={name}>{name}</span>
            <Badge
              count={group.count}
              tone="neutral"
              label={t('projects.list.familyCount', { n: group.count })}
            />
          </FamilyCell>
        );
      },
    };
    return [family, ...main];
  }, [specs, grouped, t, availableWidth]);

  const tableSort: TableSort = {
    key: specs.find((s) => s.sortField === sort)?.key ?? 'updateDate',
    direction: order,
  };
  const onSortChange = (next: TableSort | null) => {
    const field = specs.find((s) => s.key === next?.key)?.sortField;
    if (!next || !field) update({ sort: 'updateDate', order: 'desc' });
    else update({ sort: field, order: next.direction });
  };

  const openProject = (project: Project) => {
    const next = new URLSearchParams(search);
    next.set(projectsQueryParams.projectId, project.id);
    next.delete(projectsQueryParams.estimate);
    void navigate(hrefTo('projects', undefined, next));
  };

  // CSV of the current view: every row of the list (waits for the pages still loading).
  const [exportPending, setExportPending] = useState(false);
  const exportCsv = useCallback(() => {
    const header = [
      ...(grouped ? [t('projects.column.family')] : []),
      ...specs.map((spec) => t(`projects.column.${spec.key}`)),
    ];
    const body = rows.map(({ project }) => [
      ...(grouped ? [project.family ?? ''] : []),
      ...specs.map((spec) => (spec.csv ? spec.csv(project) : spec.text(project))),
    ]);
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    downloadText(`matters-${tab}-${stamp}.csv`, toCsv([header, ...body]));
  }, [grouped, specs, rows, t, tab]);
  useEffect(() => {
    if (exportPending && currentData && !hasNextPage && !isFetching) {
      // The export waited for the last page to arrive (an outside event): end the wait, then export.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setExportPending(false);
      exportCsv();
    }
  }, [exportPending, currentData, hasNextPage, isFetching, exportCsv]);

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
      <Toolbar>
        <TextField
          className="search"
          type="search"
          label={t('projects.list.search')}
          placeholder={t('projects.list.searchPlaceholder')}
          value={text}
          maxLength={200}
          fullWidth
          onChange={(event) => setText(event.target.value)}
        />
        <Select
          className="status"
          label={t('projects.list.status')}
          placeholder={null}
          fullWidth
          value={status}
          options={progressStatusFilter.values.map((value) => ({
            value: String(value),
            label: t(`code.progressStatusFilter.${value}`),
          }))}
          onChange={(event) => update({ status: event.target.value as ListView['status'] })}
        />
        <ToolbarEnd>
          <Switch
            label={t('projects.list.groupByFamily')}
            checked={grouped}
            onChange={(checked) => update({ groupByFamily: checked })}
          />
          <Button
            variant="secondary"
            startIcon={<UploadIcon size={18} />}
            loading={exportPending}
            disabled={!shown || projects.length === 0}
            onClick={() => (hasNextPage || isFetching ? setExportPending(true) : exportCsv())}
          >
            {t('projects.list.export')}
          </Button>
        </ToolbarEnd>
      </Toolbar>
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
