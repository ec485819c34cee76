import { ApiErrorMessage, pensionForecastEndpoints } from '@ipportal/domain';
import type {
  ItemEnvelope,
  Locale,
  PensionForecast,
  SetExchangeRatesBody,
  SetForecastAbandonedBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { envelopeOf, send, type BinaryResult, type BinaryThunk } from '../binary-call.js';
import { apiRequest } from '../endpoint-request.js';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Pension'] });

/**
 * The annuity forecast of /pension: the next 10 years in yen at the organization's rates, and the
 * writes of the rates and of the matters to be abandoned. Each write answers the new forecast,
 * which replaces the cached one; the forecast is read again whenever the schedules change
 * (`Pension:OVERVIEW`, invalidated by payments and decisions).
 */
export const pensionForecastApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getPensionForecast: build.query<PensionForecast, void>({
      query: () => apiRequest(pensionForecastEndpoints.getPensionForecast, {}),
      transformResponse: (response: ItemEnvelope<PensionForecast>) => response.item,
      providesTags: [{ type: 'Pension', id: 'OVERVIEW' }],
    }),
    setExchangeRates: build.mutation<PensionForecast, SetExchangeRatesBody>({
      query: (body) => apiRequest(pensionForecastEndpoints.setExchangeRates, { body }),
      transformResponse: (response: ItemEnvelope<PensionForecast>) => response.item,
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          void dispatch(pensionForecastApi.util.upsertQueryData('getPensionForecast', undefined, data));
      },
    }),
    setForecastAbandoned: build.mutation<PensionForecast, SetForecastAbandonedBody>({
      query: (body) => apiRequest(pensionForecastEndpoints.setForecastAbandoned, { body }),
      transformResponse: (response: ItemEnvelope<PensionForecast>) => response.item,
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          void dispatch(pensionForecastApi.util.upsertQueryData('getPensionForecast', undefined, data));
      },
    }),
  }),
});

export const { useGetPensionForecastQuery, useSetExchangeRatesMutation, useSetForecastAbandonedMutation } =
  pensionForecastApi;

/** The forecast CSV (headers in the interface language), as a Blob. */
export function fetchPensionForecastCsv(locale: Locale): BinaryThunk<BinaryResult<Blob>> {
  return async (_dispatch, _getState, extra) => {
    const request = apiRequest(pensionForecastEndpoints.exportPensionForecastCsv, {});
    const sent = await send(extra, request, undefined, { headers: { 'Accept-Language': locale } });
    const failed = { messageKey: ApiErrorMessage.forecastCsvFailed };
    if ('error' in sent) return { error: { ...sent.error, ...failed } };
    if (!sent.response.ok) {
      const answer = await envelopeOf<Blob>(sent.response);
      return 'error' in answer ? { error: { ...answer.error, ...failed } } : answer;
    }
    return { data: await sent.response.blob() };
  };
}
