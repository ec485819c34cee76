import { conciergeFilter, requestSortFields } from '@ipportal/domain';
import type { ConciergeFilter, RequestSortField } from '@ipportal/domain';

/** What /requests shows, as kept in its URL query. */
export interface RequestListView {
  status: '0' | '1' | '2' | '3';
  concierge: ConciergeFilter;
  q: string;
  sort: RequestSortField;
  order: 'asc' | 'desc';
  page: number;
}

export const defaultRequestListView: RequestListView = {
  status: '0',
  concierge: 'all',
  q: '',
  sort: 'registDate',
  order: 'desc',
  page: 1,
};

/** Reads the query; unknown values fall back to the defaults (an edited URL still works). */
export function readRequestListQuery(search: URLSearchParams): RequestListView {
  const status = search.get('status');
  const concierge = search.get('concierge');
  const sort = search.get('sort');
  const order = search.get('order');
  const page = Number(search.get('page'));
  return {
    status: status === '1' || status === '2' || status === '3' ? status : '0',
    concierge: conciergeFilter.has(concierge) ? concierge : 'all',
    q: (search.get('q') ?? '').trim(),
    sort: (requestSortFields as readonly string[]).includes(sort ?? '')
      ? (sort as RequestSortField)
      : 'registDate',
    order: order === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query for a view, leaving out defaults so plain /requests stays plain. */
export function requestListSearch(view: RequestListView): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(defaultRequestListView) as (keyof RequestListView)[]) {
    if (view[key] !== defaultRequestListView[key]) search.set(key, String(view[key]));
  }
  return search;
}
