export {
  requestsApi,
  useAcceptRequestMutation,
  useCompleteRequestMutation,
  useCreateRequestMutation,
  useDeclineRequestMutation,
  useGetRequestQuery,
  useListRequestsQuery,
} from './requests-api.js';
export type { CreateRequestArgs, DeclineRequestArgs, RequestKey } from './requests-api.js';
