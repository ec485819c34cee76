export {
  markedReadInCaches,
  requestUnreadTag,
  requestsApi,
  useAcceptRequestMutation,
  useCompleteRequestMutation,
  useCreateRequestMutation,
  useDeclineRequestMutation,
  useGetRequestQuery,
  useGetRequestUnreadSummaryQuery,
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
