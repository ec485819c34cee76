/*
 * Estimates (見積書; "deals" in the spec's routes): one module per concern in estimates/, around
 * the documents' shared core (document-core/). The office drafts, sends, revises and withdraws;
 * the client side accepts or declines; each of those sequences is a use case
 * (use-cases/draft-estimate.ts and the others named in use-cases/README.md). A draft gets its
 * number when it is created (a discarded draft leaves a gap: estimates are not tax documents);
 * every revision keeps the number with the next version.
 */
export type { DealParams } from './estimates/access.js';
export { recordExpiredDeals } from './estimates/expiry.js';
export { listDeals, searchAllDeals, type DealListQuery } from './estimates/list.js';
export { getDeal, listRequestDeals, readDeal } from './estimates/read.js';
export { dealScope, dealStatusOf, type DealRow, type StoredDeal } from './estimates/rows.js';
export type { DealDraft } from './estimates/writes.js';
