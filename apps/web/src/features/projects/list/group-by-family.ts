import type { Project } from '@ipportal/domain';

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

/**
 * Groups matters by family: families by name (in the interface language's collation), the
 * matters without one last; inside a group the list's own order is kept.
 */
export function groupByFamily(projects: readonly Project[], collator: Intl.Collator): ListRow[] {
  const groups = new Map<string | null, Project[]>();
  for (const project of projects) {
    const key = project.family && project.family.trim() !== '' ? project.family : null;
    let members = groups.get(key);
    if (!members) {
      members = [];
      groups.set(key, members);
    }
    members.push(project);
  }
  const named = [...groups.keys()].filter((key): key is string => key !== null).sort(collator.compare);
  const order: (string | null)[] = groups.has(null) ? [...named, null] : named;
  const rows: ListRow[] = [];
  for (const family of order) {
    const members = groups.get(family)!;
    members.forEach((project, index) => {
      const at = rows.length;
      rows.push(
        index === 0
          ? { project, index: at, group: { family, count: members.length } }
          : { project, index: at },
      );
    });
  }
  return rows;
}
