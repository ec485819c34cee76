import { caseTypeOfTab, projectTabs } from '@ipportal/domain';
import { current, isDraft } from '@reduxjs/toolkit';
import type { Draft } from '@reduxjs/toolkit';
import type {
  Project,
  ProjectListResponse,
  ProjectSortField,
  ProjectTab,
  ProjectTabCounts,
} from '@ipportal/domain';

/**
 * What a list view asks the server for (GET /projects without cursor and limit): one cache entry
 * per distinct value. Build it with `projectListArgs` so equal views share an entry.
 */
export interface ProjectListArgs {
  tab: ProjectTab;
  status: 'all' | '0' | '1' | '2';
  /** Search text (reference code, title, name, application and registration numbers, family). */
  q?: string;
  /** Only the matters of this family. */
  family?: string;
  sort: ProjectSortField;
  order: 'asc' | 'desc';
}

/** The args with defaults filled in and empty texts dropped (stable cache keys). */
export function projectListArgs(args: Partial<ProjectListArgs> = {}): ProjectListArgs {
  const out: ProjectListArgs = {
    tab: args.tab ?? 'all',
    status: args.status ?? 'all',
    sort: args.sort ?? 'updateDate',
    order: args.order ?? 'desc',
  };
  const q = args.q?.trim();
  if (q) out.q = q;
  const family = args.family?.trim();
  if (family) out.family = family;
  return out;
}

/** A list as the cache holds it: the pages fetched so far, in order. */
export interface ProjectListPages {
  pages: ProjectListResponse[];
}

/** The tabs a matter is counted in: deleted, or all plus its type's tab. */
export function tabsOf(project: Pick<Project, 'type' | 'deletedAt'>): ProjectTab[] {
  if (project.deletedAt !== null) return ['deleted'];
  const typeTab = (Object.keys(caseTypeOfTab) as (keyof typeof caseTypeOfTab)[]).find(
    (tab) => caseTypeOfTab[tab] === project.type,
  );
  return typeTab ? ['all', typeTab] : ['all'];
}

function includesFolded(value: string | null, needle: string): boolean {
  return value !== null && value.toLowerCase().includes(needle);
}

/** The server's filters other than the tab (they also scope the per-tab counts). */
export function matchesCommonFilters(project: Project, args: ProjectListArgs): boolean {
  if (args.status !== 'all' && project.status !== Number(args.status)) return false;
  if (args.family !== undefined && project.family !== args.family) return false;
  if (args.q !== undefined) {
    const needle = args.q.toLowerCase();
    const fields = [
      project.refrenceCode,
      project.title,
      project.name,
      project.applicationCode,
      project.registCode,
      project.family,
    ];
    if (!fields.some((field) => includesFolded(field, needle))) return false;
  }
  return true;
}

/** Whether the matter belongs in the list the args describe. */
export function matchesList(project: Project, args: ProjectListArgs): boolean {
  return tabsOf(project).includes(args.tab) && matchesCommonFilters(project, args);
}

/** The sort key as the server orders it (nullable columns coalesced the same way). */
function sortKey(project: Project, sort: ProjectSortField): string | number {
  switch (sort) {
    case 'applicationCode':
      return project.applicationCode ?? '';
    case 'applicationDate':
      return project.applicationDate ?? '0001-01-01';
    case 'registCode':
      return project.registCode ?? '';
    case 'updateDate':
      return Date.parse(project.updateDate);
    default:
      return project[sort];
  }
}

function compareValues(a: string | number, b: string | number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

/** The server's order: the sort key, then the id, both in the requested direction. */
export function compareProjects(
  a: Project,
  b: Project,
  sort: ProjectSortField,
  order: 'asc' | 'desc',
): number {
  const byKey = compareValues(sortKey(a, sort), sortKey(b, sort)) || compareValues(a.id, b.id);
  return order === 'asc' ? byKey : -byKey;
}

function adjustCounts(counts: ProjectTabCounts, project: Project, delta: 1 | -1): void {
  for (const tab of tabsOf(project)) counts[tab] = Math.max(0, counts[tab] + delta);
}

/**
 * The plain value behind an Immer draft. Searches read rows through it: reading 10,000 rows
 * through a draft would create a proxy for each of them.
 */
function plain<T>(value: T): T {
  return isDraft(value) ? current(value as Draft<T>) : value;
}

function locate(list: ProjectListPages, id: string): { page: number; index: number } | null {
  for (let page = 0; page < list.pages.length; page++) {
    const items = plain(list.pages[page]!.items);
    for (let index = 0; index < items.length; index++) {
      if (items[index]!.id === id) return { page, index };
    }
  }
  return null;
}

/**
 * Puts a matter where the server would list it among the rows loaded so far. A matter that sorts
 * after the last loaded row while more pages remain is left for those pages to bring.
 */
function insertSorted(list: ProjectListPages, project: Project, args: ProjectListArgs): void {
  const { pages } = list;
  if (pages.length === 0) return;
  for (const page of pages) {
    const index = plain(page.items).findIndex(
      (item) => compareProjects(project, item, args.sort, args.order) < 0,
    );
    if (index >= 0) {
      page.items.splice(index, 0, project);
      return;
    }
  }
  const last = pages[pages.length - 1]!;
  if (last.nextCursor === null) last.items.push(project);
}

/**
 * Cache updates after a server success (the client list is kept in place with add, replace by
 * id and remove by id). Each takes the `pages` of one cached list and mutates it (an
 * Immer draft inside `updateQueryData`). `previous` is the matter as it was before the change,
 * when known, so the per-tab counts can move with it.
 */
export const listUpdates = {
  add(list: ProjectListPages, project: Project, args: ProjectListArgs): void {
    if (locate(list, project.id)) return;
    const first = list.pages[0];
    if (first && matchesCommonFilters(project, args)) adjustCounts(first.counts, project, 1);
    if (matchesList(project, args)) insertSorted(list, project, args);
  },

  replace(list: ProjectListPages, project: Project, args: ProjectListArgs, previous?: Project): void {
    const found = locate(list, project.id);
    const first = list.pages[0];
    if (first && previous) {
      if (matchesCommonFilters(previous, args)) adjustCounts(first.counts, previous, -1);
      if (matchesCommonFilters(project, args)) adjustCounts(first.counts, project, 1);
    }
    if (found) list.pages[found.page]!.items.splice(found.index, 1);
    if (!matchesList(project, args)) return;
    if (found) {
      const items = list.pages[found.page]!.items;
      const view = plain(items);
      const before = found.index > 0 ? view[found.index - 1] : undefined;
      const after = view[found.index];
      const stays =
        (!before || compareProjects(before, project, args.sort, args.order) <= 0) &&
        (!after || compareProjects(project, after, args.sort, args.order) <= 0);
      // Unchanged position (the usual edit): keep the row where the user sees it.
      if (stays) {
        items.splice(found.index, 0, project);
        return;
      }
    }
    insertSorted(list, project, args);
  },

  remove(list: ProjectListPages, id: string, args: ProjectListArgs, previous?: Project): void {
    const found = locate(list, id);
    const removed = found ? plain(list.pages[found.page]!.items[found.index]) : undefined;
    const counted = previous ?? removed;
    const first = list.pages[0];
    if (first && counted && matchesCommonFilters(counted, args)) adjustCounts(first.counts, counted, -1);
    if (found) list.pages[found.page]!.items.splice(found.index, 1);
  },

  /** A matter moved to the deleted tab: out of the live lists, into the deleted ones. */
  softDelete(list: ProjectListPages, deleted: Project, args: ProjectListArgs, previous?: Project): void {
    const found = locate(list, deleted.id);
    const live = previous ?? (found ? plain(list.pages[found.page]!.items[found.index]) : undefined);
    const first = list.pages[0];
    if (first) {
      if (live && live.deletedAt === null && matchesCommonFilters(live, args))
        adjustCounts(first.counts, live, -1);
      if (matchesCommonFilters(deleted, args)) adjustCounts(first.counts, deleted, 1);
    }
    if (found) list.pages[found.page]!.items.splice(found.index, 1);
    if (matchesList(deleted, args)) insertSorted(list, deleted, args);
  },
};

/** Finds a matter in a cached list without touching the rest. */
export function findInList(list: ProjectListPages, id: string): Project | undefined {
  const found = locate(list, id);
  return found ? plain(list.pages[found.page]!.items[found.index]) : undefined;
}

export const allProjectTabs: readonly ProjectTab[] = projectTabs.values;
