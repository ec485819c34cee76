import type { EndpointRoute, EndpointSpec, ParamsOf, QueryOf, BodyOf, ResponseOf } from '@ipportal/domain';
import type { EndpointBuilder, MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import { requestDetailId } from '../request-detail/request-detail-api.js';
import type { RequestKey } from '../requests/requests-api.js';

export const billingApiWithTags = api.enhanceEndpoints({
  addTagTypes: ['Deal', 'Invoice', 'Payment', 'BillingProfile', 'Concierge', 'RequestHistory', 'Request'],
});

type BillingBuild = Parameters<Parameters<typeof billingApiWithTags.injectEndpoints>[0]['endpoints']>[0];
type BillingBaseQuery = BillingBuild extends EndpointBuilder<infer B, infer _T, infer _R> ? B : never;
type BillingTag = BillingBuild extends EndpointBuilder<infer _B, infer T, infer _R> ? T : never;
type Query<Arg, Result> = QueryDefinition<Arg, BillingBaseQuery, BillingTag, Result, 'api'>;
type Mutation<Arg, Result> = MutationDefinition<Arg, BillingBaseQuery, BillingTag, Result, 'api'>;

/** The two kinds of billing document: estimates ("deals" in the routes) and invoices. */
export type DocumentType = 'Deal' | 'Invoice';

/**
 * Every write to an estimate, invoice or payment can move the other lists (an acceptance lets the
 * office invoice, a payment moves invoices from unpaid to paid), so writes refresh all billing
 * lists and the request's history; single documents refresh by id.
 */
export const billingLists = [
  { type: 'Deal' as const, id: 'LIST' },
  { type: 'Invoice' as const, id: 'LIST' },
  { type: 'Payment' as const, id: 'LIST' },
];

/** The cache tags of one kind of document, alike for estimates and invoices. */
export function documentTags<Type extends DocumentType>(type: Type) {
  const one = (id: string) => ({ type, id });
  return {
    list: { type, id: 'LIST' },
    provided: (document: { id: string } | undefined) => (document ? [one(document.id)] : []),
    afterWrite: (document: { id: string; subject: RequestKey } | undefined, error: unknown) =>
      error || !document
        ? []
        : [
            ...billingLists,
            one(document.id),
            { type: 'RequestHistory' as const, id: requestDetailId(document.subject) },
          ],
    afterDelete: (id: string, error: unknown) => (error ? [] : [...billingLists, one(id)]),
  };
}

/** The routes a kind of document has in @ipportal/domain, named after it (`getDeal`, `listInvoices`). */
type RouteName<N extends DocumentType> =
  `listRequest${N}s` | `get${N}` | `list${N}s` | `create${N}` | `update${N}` | `delete${N}`;
type Routes<N extends DocumentType> = Record<RouteName<N>, EndpointSpec>;

type ItemOf<E extends EndpointSpec> = ResponseOf<E> extends { item: infer T } ? T : never;
type ItemsOf<E extends EndpointSpec> = ResponseOf<E> extends { items: (infer T)[] } ? T : never;
/** A search's page: the answer without its envelope (items, total and what else the list sums). */
type PageOf<E extends EndpointSpec> = Omit<ResponseOf<E>, 'hasError' | 'message'>;

/** The endpoints every kind of document has, named as its routes (hence its hooks: `useGetDealQuery`). */
export type DocumentEndpoints<N extends DocumentType, R extends Routes<N>, GetArg> = Record<
  `listRequest${N}s`,
  Query<RequestKey, ItemsOf<R[`listRequest${N}s`]>[]>
> &
  Record<`get${N}`, Query<GetArg, ItemOf<R[`get${N}`]>>> &
  Record<`list${N}s`, Query<QueryOf<R[`list${N}s`]>, PageOf<R[`list${N}s`]>>> &
  Record<`create${N}`, Mutation<RequestKey & { body: BodyOf<R[`create${N}`]> }, ItemOf<R[`create${N}`]>>> &
  Record<
    `update${N}`,
    Mutation<ParamsOf<R[`update${N}`]> & { body: BodyOf<R[`update${N}`]> }, ItemOf<R[`update${N}`]>>
  > &
  Record<`delete${N}`, Mutation<ParamsOf<R[`delete${N}`]>, void>>;

type StoredDocument = { id: string; subject: RequestKey };
// Inside the factory the routes are any kind's: the exact types are `DocumentEndpoints`', checked
// where the routes are known.
const request = (route: EndpointRoute, args: object) => apiRequest(route, args as never);

/**
 * A request's list, one document, the search, create, update and delete of one kind of document,
 * from its routes: the same reads and cache tags for estimates and invoices. `getArg` turns what
 * `get` is called with into the route's params (an invoice is read by its id alone).
 */
export function documentEndpoints<N extends DocumentType, R extends Routes<N>, GetArg>(
  build: BillingBuild,
  type: N,
  routes: R,
  getArg: (arg: GetArg) => ParamsOf<R[`get${N}`]>,
): DocumentEndpoints<N, R, GetArg> {
  const tags = documentTags(type);
  const route = (name: RouteName<N>): EndpointRoute => routes[name];
  const item = (response: { item: StoredDocument }) => response.item;
  return {
    [`listRequest${type}s`]: build.query({
      query: (key: RequestKey) => request(route(`listRequest${type}s`), { params: key }),
      transformResponse: (response: { items: unknown[] }) => response.items,
      providesTags: [tags.list],
    }),
    [`get${type}`]: build.query({
      query: (arg: GetArg) => request(route(`get${type}`), { params: getArg(arg) }),
      transformResponse: item,
      providesTags: tags.provided,
    }),
    [`list${type}s`]: build.query({
      query: (query: object) => request(route(`list${type}s`), { query }),
      transformResponse: ({ hasError: _h, message: _m, ...page }: Record<string, unknown>) => page,
      providesTags: [tags.list],
    }),
    [`create${type}`]: build.mutation({
      query: ({ body, ...key }: RequestKey & { body: unknown }) =>
        request(route(`create${type}`), { params: key, body }),
      transformResponse: item,
      invalidatesTags: tags.afterWrite,
    }),
    [`update${type}`]: build.mutation({
      query: ({ body, ...params }: { body: unknown }) => request(route(`update${type}`), { params, body }),
      transformResponse: item,
      invalidatesTags: tags.afterWrite,
    }),
    [`delete${type}`]: build.mutation({
      query: (params: object) => request(route(`delete${type}`), { params }),
      invalidatesTags: (_result: unknown, error: unknown, params: object) =>
        tags.afterDelete(String((params as Record<string, unknown>)[`${type.toLowerCase()}Id`]), error),
    }),
  } as unknown as DocumentEndpoints<N, R, GetArg>;
}
