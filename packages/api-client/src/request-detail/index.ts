export {
  requestDetailApi,
  requestDetailId,
  useAddRequestTermItemMutation,
  useGetRequestTermsQuery,
  useListRequestDeliverablesQuery,
  useListRequestHistoryQuery,
  useListRequestMailsQuery,
  useMarkRequestMailsReadMutation,
  useRemoveRequestTermItemMutation,
  useUpdateRequestPeriodsMutation,
  useUpdateRequestTermItemMutation,
} from './request-detail-api.js';
export type {
  AddTermItemArgs,
  RemoveTermItemArgs,
  UpdatePeriodsArgs,
  UpdateTermItemArgs,
} from './request-detail-api.js';
export { applyOwnRequestMail, applyRequestMailEvent } from './mail-cache.js';
export { fetchRequestBlob, requestBinaryPaths, sendRequestMail, uploadDeliverable } from './binary.js';
export type { DetailBinaryResult, NewRequestMail } from './binary.js';
