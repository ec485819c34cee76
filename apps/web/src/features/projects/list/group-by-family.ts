import type { Project, ProjectFamilyGroup } from '@ipportal/domain';

/**
 * A row of the list: the matter (null while its page is on the way: the viewport list knows
 * every position before it holds every row), its position, and on the first row of a family
 * group that group's summary.
 */
export interface ListRow {
  project: Project | null;
  index: number;
  /** Set on the first row of each group when the list is grouped by family. */
  group?: { family: string | null; count: number };
}

const headerRows = new WeakMap<ListRow, ListRow>();

/** `row` as the first row of `group` (one object per row and group, reused between calls). */
function headerRow(row: ListRow, group: ProjectFamilyGroup): ListRow {
  const known = headerRows.get(row);
  if (known?.group?.family === group.family && known.group.count === group.count) return known;
  const header: ListRow = { ...row, group: { family: group.family, count: group.count } };
  headerRows.set(row, header);
  return header;
}

/**
 * The rows of a list grouped by family with each group's header on its first row. The server
 * orders the rows by family (`group=family`) and answers the groups' sizes in that order, so a
 * group starts where the sizes before it add up to: its header shows before its rows arrive.
 * Groups past the end of `rows` (the list changed between the two answers) are left out. Pure
 * apart from the row cache.
 */
export function withGroupHeaders(rows: readonly ListRow[], groups: readonly ProjectFamilyGroup[]): ListRow[] {
  const out = rows.slice();
  let start = 0;
  for (const group of groups) {
    if (start >= out.length) break;
    out[start] = headerRow(out[start]!, group);
    start += group.count;
  }
  return out;
}
