import type { Project } from '@ipportal/domain';
import type { ListRow } from './group-by-family';

/**
 * The offsets of the pages that hold rows `start`..`end` (inclusive) of a list of `total` rows,
 * cut in pages of `pageSize`; the first page always (it carries the counts the list shows
 * first). Pure.
 */
export function pageOffsetsFor(
  range: { start: number; end: number },
  pageSize: number,
  total: number | undefined,
): number[] {
  const offsets = new Set<number>([0]);
  if (range.start < 0 || range.end < range.start) return [...offsets];
  const last = total === undefined ? range.end : Math.min(range.end, total - 1);
  for (let page = Math.floor(range.start / pageSize); page * pageSize <= last; page++) {
    offsets.add(page * pageSize);
  }
  return [...offsets].sort((a, b) => a - b);
}

/** The page offset that holds row `index`. */
export function pageOffsetOf(index: number, pageSize: number): number {
  return Math.floor(Math.max(0, index) / pageSize) * pageSize;
}

const placeholders: ListRow[] = [];

/** The row of a position whose page has not arrived (one object per index, reused). */
function placeholderRow(index: number): ListRow {
  return (placeholders[index] ??= { project: null, index });
}

const loadedRows = new WeakMap<Project, ListRow>();

function loadedRow(project: Project, index: number): ListRow {
  let row = loadedRows.get(project);
  if (!row || row.index !== index) {
    row = { project, index };
    loadedRows.set(project, row);
  }
  return row;
}

/**
 * Every row of a list of `total` rows: the matters of the loaded pages at their positions, a
 * placeholder elsewhere. Row objects are reused between calls (the virtual table re-renders a
 * row only when its object changes). Pure apart from that cache.
 */
export function viewportRows(total: number, pages: ReadonlyMap<number, readonly Project[]>): ListRow[] {
  const rows = new Array<ListRow>(total);
  for (let index = 0; index < total; index++) rows[index] = placeholderRow(index);
  for (const [offset, items] of pages) {
    items.forEach((project, i) => {
      const index = offset + i;
      if (index < total) rows[index] = loadedRow(project, index);
    });
  }
  return rows;
}
