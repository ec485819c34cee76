import type { ReactNode } from 'react';
import type { SortValue } from './sort';

/** A column of `Table` and `VirtualTable`: both take the same definitions. */
export interface TableColumn<T> {
  /** Unique key; also the sort key. */
  key: string;
  /** Header content. */
  header: ReactNode;
  /** Cell content for a row. */
  cell: (row: T, rowIndex: number) => ReactNode;
  /** Makes the header a sort button. */
  sortable?: boolean;
  /** Value used for built-in sorting (defaults to nothing: rows keep their order unless `manualSorting`). */
  sortValue?: (row: T) => SortValue;
  /** Horizontal alignment; use `end` for numbers and amounts. */
  align?: 'start' | 'center' | 'end';
  /** Column width (px number or any CSS length). */
  width?: number | string;
  /** Keeps the cell on one line (codes, dates). */
  nowrap?: boolean;
}

/** A size given as a px number or any CSS length (column widths, a table's height limit), as CSS. */
export function cssLength(value: number | string | undefined): string | undefined {
  return typeof value === 'number' ? `${value}px` : value;
}
