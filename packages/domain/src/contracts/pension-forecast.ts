import { z } from 'zod';
import { foreignFeeCurrencies } from '../fees/fee-currencies.js';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { exchangeRatePattern } from '../money/convert-to-yen.js';
import { ValidationMessage } from '../validation/messages.js';
import { normalizeAmountText } from '../validation/normalize.js';
import { idSchema, isoDateSchema } from '../validation/primitives.js';
import { binaryResponse, endpoint } from './endpoint.js';
import { itemEnvelope } from './envelope.js';

/*
 * The annuity forecast of /pension for a budget owner: the next 10 calendar years of payments
 * still to make, per year and per country or office, in the currencies charged and in yen at the
 * exchange rates the organization's administrator set (no rate fetched from anywhere: the rate
 * is a budgeting choice). Matters can be marked "to be abandoned" (放棄予定) to see the saving;
 * the rates and the marks are shared by the organization (ADR 0037).
 */

const forecastSumSchema = z.object({
  /** JPY first; foreign amounts to the cent. */
  amounts: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Null when a currency in the sum has no rate (`missingRates`): no partial yen total. */
  yen: z.number().int().nullable(),
  missingRates: z.array(z.string()),
});
export type ForecastSumRead = z.infer<typeof forecastSumSchema>;

const regionTotalSchema = z.object({ regionCode: z.number().int(), total: forecastSumSchema });

export const exchangeRateSchema = z.object({
  currency: z.string(),
  /** Yen per unit, as a decimal string without trailing zeros ('150.25'). */
  rate: z.string(),
  /** The day it was set (Japan). */
  setOn: isoDateSchema,
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const pensionForecastSchema = z.object({
  today: isoDateSchema,
  firstYear: z.number().int(),
  lastYear: z.number().int(),
  /** Whose rates and plan these are: the caller's organization, or the caller alone without one. */
  sharedWith: z.enum(['organization', 'self']),
  /** Whether the caller may set the rates (an organization's administrator, or a user without one). */
  canSetRates: z.boolean(),
  /** The foreign currencies the fee tables charge in: each needs a rate. */
  currencies: z.array(z.string()),
  rates: z.array(exchangeRateSchema),
  /** What is planned: every payment of the years, without the matters to be abandoned. */
  total: forecastSumSchema,
  /** What the matters to be abandoned would have cost in those years. */
  saving: forecastSumSchema,
  byYear: z.array(
    z.object({
      calendarYear: z.number().int(),
      total: forecastSumSchema,
      byRegion: z.array(regionTotalSchema),
    }),
  ),
  byRegion: z.array(regionTotalSchema),
  /** Each matter with a payment in the years, its cost over them, and whether it is to be abandoned. */
  matters: z.array(
    z.object({
      projectId: z.uuid(),
      refrenceCode: z.string(),
      title: z.string(),
      regionCode: z.number().int(),
      abandoned: z.boolean(),
      total: forecastSumSchema,
    }),
  ),
});
export type PensionForecast = z.infer<typeof pensionForecastSchema>;

const rateText = z
  .string({ error: ValidationMessage.positiveRate })
  .overwrite(normalizeAmountText)
  .refine((value) => exchangeRatePattern.test(value) && Number(value) > 0, {
    error: ValidationMessage.positiveRate,
  });

export const setExchangeRatesBodySchema = z.strictObject({
  /** The rates to set (each dated today); a null rate removes the currency's rate. */
  rates: z
    .array(
      z.strictObject({
        currency: z.enum(foreignFeeCurrencies as [string, ...string[]], {
          error: ValidationMessage.invalidCurrency,
        }),
        rate: rateText.nullable(),
      }),
    )
    .min(1, { error: ValidationMessage.selectAtLeastOne })
    .refine((rates) => new Set(rates.map((r) => r.currency)).size === rates.length, {
      error: ValidationMessage.invalidCurrency,
    }),
});
export type SetExchangeRatesBody = z.input<typeof setExchangeRatesBodySchema>;

export const setForecastAbandonedBodySchema = z.strictObject({
  projectIds: z.array(idSchema).min(1, { error: ValidationMessage.selectAtLeastOne }).max(500),
  /** True marks them "to be abandoned" in the forecast; false takes the mark back. */
  abandoned: z.boolean({ error: ValidationMessage.invalidValue }),
});
export type SetForecastAbandonedBody = z.infer<typeof setForecastAbandonedBodySchema>;

const forecastResponse = itemEnvelope(pensionForecastSchema);

/** /pension's forecast: REGULAR users, over the matters they may see. */
export const pensionForecastEndpoints = {
  getPensionForecast: endpoint({
    method: 'GET',
    path: '/pension-forecast',
    namespaces: ['user'],
    summary: 'The annuities of the next 10 calendar years, per year and country, in yen at the set rates',
    response: forecastResponse,
    refusals: [],
  }),
  exportPensionForecastCsv: endpoint({
    failureMessage: ApiErrorMessage.forecastCsvFailed,
    method: 'GET',
    path: '/pension-forecast/csv',
    namespaces: ['user'],
    summary: 'The forecast payment by payment as CSV: the amount as charged, the rate used and the yen',
    description:
      'UTF-8 with a byte order mark, CRLF, every field quoted; headers in the Accept-Language. A payment without a rate has empty rate and yen fields.',
    response: binaryResponse,
    refusals: [],
  }),
  setExchangeRates: endpoint({
    failureMessage: ApiErrorMessage.exchangeRatesUpdateFailed,
    method: 'PUT',
    path: '/pension-forecast/exchange-rates',
    namespaces: ['user'],
    summary: "Set the exchange rates of the caller's organization (its administrators only), dated today",
    body: setExchangeRatesBodySchema,
    response: forecastResponse,
    refusals: ['notOrganizationAdmin'],
  }),
  setForecastAbandoned: endpoint({
    failureMessage: ApiErrorMessage.forecastPlanUpdateFailed,
    method: 'PUT',
    path: '/pension-forecast/abandoned',
    namespaces: ['user'],
    summary:
      'Mark matters "to be abandoned" in the forecast (a what-if shared by the organization), or unmark them',
    description:
      'Changes no deadline: letting a year lapse is decided on the matter (PUT /pension/:projectId/decisions/:year).',
    body: setForecastAbandonedBodySchema,
    response: forecastResponse,
    refusals: ['projectNotFound'],
  }),
};
