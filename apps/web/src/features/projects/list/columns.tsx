import type { Project, ProjectSortField } from '@ipportal/domain';
import { Badge, FolderIcon } from '@ipportal/ui';
import type { TableColumn, TableSort } from '@ipportal/ui';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../format';
import type { Formats } from '../format';
import type { ListRow } from './group-by-family';
import type { ListView } from './list-view';
import { FamilyCell } from './project-list.styles';

const titleMinWidth = 240;
const familyColumnWidth = 200;

/** Rows of the list in display order, and what each column shows (also used for the CSV). */
export interface ColumnSpec {
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
 * The column specs and the table's columns (with the family column first when grouped). Memoized:
 * the virtual table re-renders every visible row when `columns` changes.
 */
export function useListColumns(
  grouped: boolean,
  availableWidth: number,
): { specs: ColumnSpec[]; columns: TableColumn<ListRow>[] } {
  const { t } = useTranslation();
  const formats = useFormats();
  const specs = useMemo(() => columnSpecs(t, formats), [t, formats]);
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
    const loadingText = t('projects.list.rowLoading');
    const main = specs.map<TableColumn<ListRow>>((spec) => ({
      key: spec.key,
      header: t(`projects.column.${spec.key}`),
      sortable: Boolean(spec.sortField),
      width: spec.key === 'title' ? titleWidth : spec.width,
      align: spec.align,
      // A row whose page is on the way says so in its title cell; the others stay empty.
      cell: ({ project }) =>
        project ? (
          cellOf(spec, project)
        ) : spec.key === 'title' ? (
          <span className="cell-none">{loadingText}</span>
        ) : null,
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
  return { specs, columns };
}

/** The table's sort for the view's sort field (columns are keyed apart from the server's fields). */
export function tableSortOf(
  specs: readonly ColumnSpec[],
  sort: ListView['sort'],
  order: ListView['order'],
): TableSort {
  return { key: specs.find((s) => s.sortField === sort)?.key ?? 'updateDate', direction: order };
}

/** The view's sort for a table sort; no sort is the list's default, newest update first. */
export function listSortOf(
  specs: readonly ColumnSpec[],
  next: TableSort | null,
): Pick<ListView, 'sort' | 'order'> {
  const field = specs.find((s) => s.key === next?.key)?.sortField;
  return !next || !field ? { sort: 'updateDate', order: 'desc' } : { sort: field, order: next.direction };
}
