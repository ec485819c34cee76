import { paymentInYen, translateDomainKey, type Locale } from '@ipportal/domain';
import { csvFile } from './writer.js';
import type { ForecastData } from '../repositories/pension-forecast/forecast.js';

const columns = [
  'calendarYear',
  'dueDate',
  'refrenceCode',
  'title',
  'region',
  'year',
  'amount',
  'currency',
  'rate',
  'rateSetOn',
  'yen',
  'abandoned',
] as const;

/**
 * The forecast payment by payment, for a spreadsheet: the amount in the currency charged and, in
 * its own columns, the rate used, the day it was set and the yen (empty without a rate, never a
 * guess). Dates as YYYY/MM/DD, money without separators; the yen column adds up to the yen totals
 * of the page, each payment being rounded once.
 */
export function forecastCsv({ lines, rates, abandoned, forecast }: ForecastData, locale: Locale): Buffer {
  const label = (key: string) => translateDomainKey(locale, key) ?? '';
  const rateOf = new Map(rates.map((r) => [r.currency, r]));
  const rateText = new Map(rates.map((r) => [r.currency, r.rate]));
  const slash = (date: string) => date.replaceAll('-', '/');
  const rows = [...lines]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.refrenceCode.localeCompare(b.refrenceCode))
    .map((line) => {
      const rate = line.currency === 'JPY' ? null : rateOf.get(line.currency);
      return [
        Math.max(forecast.firstYear, Number(line.dueDate.slice(0, 4))),
        slash(line.dueDate),
        line.refrenceCode,
        line.title,
        label(`region.${line.regionCode}`),
        line.throughYear ? `${line.year}-${line.throughYear}` : String(line.year),
        line.currency === 'JPY' ? String(line.amount) : line.amount.toFixed(2),
        line.currency,
        rate?.rate ?? (line.currency === 'JPY' ? '1' : ''),
        rate ? slash(rate.setOn) : '',
        paymentInYen(line, rateText),
        abandoned.has(line.projectId) ? label('forecastCsv.yes') : '',
      ];
    });
  return csvFile(
    columns.map((c) => label(`forecastCsv.column.${c}`)),
    rows,
  );
}
