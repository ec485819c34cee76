import { projectSortFields, projectTabs } from '@ipportal/domain';
import type { ProjectCsvQuery, ProjectSortField, ProjectTab } from '@ipportal/domain';
import { projectListArgs } from '@ipportal/api-client';
import type { ProjectFamilyGroupsArgs, ProjectListArgs, ProjectWindowView } from '@ipportal/api-client';

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

/** The server query of a view: its filters, sort and grouping (the server orders a grouped view). */
export function listArgsOf(view: ListView): ProjectWindowView {
  const args = projectListArgs({
    tab: view.tab,
    status: view.status,
    q: view.q,
    sort: view.sort,
    order: view.order,
  });
  return view.groupByFamily ? { ...args, group: 'family' } : args;
}

/** The filters whose family groups a grouped view shows. */
export function familyGroupsArgsOf(view: ListView): ProjectFamilyGroupsArgs {
  const { tab, status, q, family } = listArgsOf(view);
  return { tab, status, ...(q ? { q } : {}), ...(family ? { family } : {}) };
}

/** The CSV query of a view: the whole view in the order the list shows it (grouped too). */
export function csvQueryOf(view: ListView): ProjectCsvQuery {
  const { tab, status, sort, order, q, group } = listArgsOf(view);
  return { tab, status, sort, order, ...(q ? { q } : {}), ...(group ? { group } : {}) };
}
