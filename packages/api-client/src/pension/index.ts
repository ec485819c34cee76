export {
  pensionApi,
  useGetPensionOverviewQuery,
  useRecordPensionPaymentMutation,
  useSetPensionDecisionMutation,
  useUpdatePensionSettingsMutation,
} from './pension-api.js';
export {
  fetchPensionForecastCsv,
  pensionForecastApi,
  useGetPensionForecastQuery,
  useSetExchangeRatesMutation,
  useSetForecastAbandonedMutation,
} from './pension-forecast-api.js';
