import { projectSortFields, projectTabs } from '@ipportal/domain';
import type { ProjectCsvQuery, ProjectSortField, ProjectTab } from '@ipportal/domain';
import { projectListArgs } from '@ipportal/api-client';
import type { ProjectListArgs } from '@ipportal/api-client';

/**
 * The list view as the URL keeps it (so Back from a matter returns to the same tab, filters and
 * sort): `tab`, `status`, `q`, `sort`, `order`, `group=family`. Defaults are left out.
 */
export interface ListView {
  tab: ProjectTab;
  status: ProjectListArgs['status'];
  q: string;
  sort: ProjectSortField;
  order: 'asc' | 'desc';
  groupByFamily: boolean;
}

export const listViewParams = {
  tab: 'tab',
  status: 'status',
  q: 'q',
  sort: 'sort',
  order: 'order',
  group: 'group',
} as const;

export const defaultListView: ListView = {
  tab: 'all',
  status: 'all',
  q: '',
  sort: 'updateDate',
  order: 'desc',
  groupByFamily: false,
};

const statuses = ['all', '0', '1', '2'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function readListView(search: URLSearchParams): ListView {
  return {
    tab: oneOf(projectTabs.values, search.get(listViewParams.tab), defaultListView.tab),
    status: oneOf(statuses, search.get(listViewParams.status), defaultListView.status),
    q: search.get(listViewParams.q) ?? '',
    sort: oneOf(projectSortFields, search.get(listViewParams.sort), defaultListView.sort),
    order: oneOf(['asc', 'desc'] as const, search.get(listViewParams.order), defaultListView.order),
    groupByFamily: search.get(listViewParams.group) === 'family',
  };
}

/** `search` with the list view written into it (other parameters are kept). */
export function writeListView(search: URLSearchParams, view: ListView): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(name);
    else next.set(name, value);
  };
  set(listViewParams.tab, view.tab, defaultListView.tab);
  set(listViewParams.status, view.status, defaultListView.status);
  set(listViewParams.q, view.q.trim(), '');
  set(listViewParams.sort, view.sort, defaultListView.sort);
  set(listViewParams.order, view.order, defaultListView.order);
  set(listViewParams.group, view.groupByFamily ? 'family' : '', '');
  return next;
}

/** The server query of a view (grouping is done in the browser). */
export function listArgsOf(view: ListView): ProjectListArgs {
  return projectListArgs({
    tab: view.tab,
    status: view.status,
    q: view.q,
    sort: view.sort,
    order: view.order,
  });
}

/** The CSV query of a view: the whole view as the server lists it, grouped as on screen. */
export function csvQueryOf(view: ListView): ProjectCsvQuery {
  const { tab, status, sort, order, q } = listArgsOf(view);
  return {
    tab,
    status,
    sort,
    order,
    ...(q ? { q } : {}),
    ...(view.groupByFamily ? { group: 'family' } : {}),
  };
}
