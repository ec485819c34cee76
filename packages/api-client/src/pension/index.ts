export {
  pensionApi,
  useGetPensionOverviewQuery,
  useRecordPensionPaymentMutation,
  useSetPensionDecisionMutation,
  useUpdatePensionSettingsMutation,
} from './pension-api.js';
