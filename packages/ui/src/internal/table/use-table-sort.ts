import { useMemo } from 'react';
import { useUiText } from '../../i18n';
import { useControllableState } from '../use-controllable';
import type { TableColumn } from './column';
import { sortRows } from './sort';
import type { TableSort } from './sort';

export interface TableSortOptions<T> {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  /** Controlled sort; `undefined` leaves it to the table. */
  sort: TableSort | null | undefined;
  defaultSort: TableSort | null;
  onSortChange: ((sort: TableSort | null) => void) | undefined;
  /** The caller sorts `rows`: they are shown as given. */
  manualSorting: boolean;
}

export interface TableSortState<T> {
  currentSort: TableSort | null;
  /** `rows` in the current sort (the same array when nothing is sorted here). */
  shownRows: readonly T[];
  /** A header's activation: a new column sorts ascending, the sorted one flips its direction. */
  toggleSort: (key: string) => void;
}

/**
 * The sort state of `Table` and `VirtualTable`: controlled or not, and the rows in that order
 * (the sorted column's `sortValue`, text collated in the UI locale).
 */
export function useTableSort<T>({
  rows,
  columns,
  sort,
  defaultSort,
  onSortChange,
  manualSorting,
}: TableSortOptions<T>): TableSortState<T> {
  const { locale } = useUiText();
  const [currentSort, setSort] = useControllableState<TableSort | null>(sort, defaultSort, onSortChange);

  const shownRows = useMemo(() => {
    if (manualSorting || !currentSort) return rows;
    const column = columns.find((c) => c.key === currentSort.key);
    if (!column?.sortValue) return rows;
    return sortRows(rows, column.sortValue, currentSort.direction, locale);
  }, [rows, columns, currentSort, manualSorting, locale]);

  const toggleSort = (key: string) => {
    setSort(
      currentSort?.key === key
        ? { key, direction: currentSort.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  };

  return { currentSort, shownRows, toggleSort };
}
