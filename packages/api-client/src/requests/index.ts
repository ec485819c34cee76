export {
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
