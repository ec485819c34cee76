/** Sort direction of a column. */
export type SortDirection = 'asc' | 'desc';

/** Current sort of a table: the column key and its direction. */
export interface TableSort {
  key: string;
  direction: SortDirection;
}

export type SortValue = string | number | Date | null | undefined;

/** Compares two cell values: empty values last, numbers and dates numerically, text with the locale's collation. */
export function compareSortValues(a: SortValue, b: SortValue, collator: Intl.Collator): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Returns a new array sorted by `sortValue` (stable; empty values stay last in both directions). */
export function sortRows<T>(
  rows: readonly T[],
  sortValue: (row: T) => SortValue,
  direction: SortDirection,
  locale: string,
): T[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const decorated = rows.map((row, index) => ({ row, index, value: sortValue(row) }));
  decorated.sort((x, y) => {
    const xEmpty = x.value === null || x.value === undefined || x.value === '';
    const yEmpty = y.value === null || y.value === undefined || y.value === '';
    if (xEmpty !== yEmpty) return xEmpty ? 1 : -1;
    const c = compareSortValues(x.value, y.value, collator);
    return (direction === 'asc' ? c : -c) || x.index - y.index;
  });
  return decorated.map((d) => d.row);
}
