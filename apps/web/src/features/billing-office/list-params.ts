import { useSearchParams } from 'react-router';
import { emptySearch, type BillingSearch } from './search-filters';

/** Rows of one page of the office's billing lists (the API allows up to 500). */
export const billingPageSize = 100;

const searchFields = ['from', 'to', 'minAmount', 'maxAmount', 'counterpartyId', 'q'] as const;

export interface BillingListParams {
  search: BillingSearch;
  /** The list's own filter (a payment state, an estimate status), '' for none. */
  filter: string;
  /** 1-based. */
  page: number;
}

export function readBillingListParams(params: URLSearchParams, filterKey: string): BillingListParams {
  const search = { ...emptySearch };
  for (const field of searchFields) search[field] = params.get(field) ?? '';
  const page = Number(params.get('page'));
  return {
    search,
    filter: params.get(filterKey) ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function billingListSearch(list: BillingListParams, filterKey: string): URLSearchParams {
  const params = new URLSearchParams();
  if (list.filter) params.set(filterKey, list.filter);
  for (const field of searchFields)
    if (list.search[field].trim()) params.set(field, list.search[field].trim());
  if (list.page > 1) params.set('page', String(list.page));
  return params;
}

/**
 * The search, filter and page of one of the office's billing lists, kept in the URL (shareable,
 * kept on reload and on the way back from a document). A new search or filter starts at page 1.
 */
export function useBillingListParams(filterKey: string) {
  const [params, setParams] = useSearchParams();
  const list = readBillingListParams(params, filterKey);
  const go = (next: BillingListParams) => setParams(billingListSearch(next, filterKey), { replace: true });
  return {
    ...list,
    offset: (list.page - 1) * billingPageSize,
    setSearch: (search: BillingSearch) => go({ ...list, search, page: 1 }),
    setFilter: (filter: string) => go({ ...list, filter, page: 1 }),
    setPage: (page: number) => go({ ...list, page }),
  };
}
