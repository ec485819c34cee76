export {
  markedReadInCaches,
  requestsApi,
  useAcceptRequestMutation,
  useCompleteRequestMutation,
  useCreateRequestMutation,
  useDeclineRequestMutation,
  useGetRequestQuery,
  useListRequestAssigneeCandidatesQuery,
  useListRequestsQuery,
  useUpdateRequestAssigneeMutation,
} from './requests-api.js';
export type {
  CreateRequestArgs,
  DeclineRequestArgs,
  RequestKey,
  UpdateRequestAssigneeArgs,
} from './requests-api.js';
export { requestUnreadTag, unreadSummaryApi, useGetRequestUnreadSummaryQuery } from './unread-summary-api.js';
export { applyRequestUnreadEvent, unreadSummaryAfterMark } from './unread-cache.js';
