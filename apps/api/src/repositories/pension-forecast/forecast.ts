import {
  foreignFeeCurrencies,
  pensionForecastTotals,
  type ExchangeRate,
  type ForecastPayment,
  type PensionForecast,
  type PensionMatter,
} from '@ipportal/domain';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { selectPensionMatters } from '../pensions/matters.js';
import { schedulesOf } from '../pensions/schedule.js';
import { selectAbandoned } from './abandoned.js';
import { forecastOwnerOf, maySetRates } from './owner.js';
import { selectRates } from './rates.js';

/** One payment of the forecast, with what the CSV names it by. */
export interface ForecastLine extends ForecastPayment {
  refrenceCode: string;
  title: string;
  year: number;
  throughYear: number | null;
}

/** The payments still to make (open at the fee, late at the late fee), as /pension prices them. */
function linesOf(matter: PensionMatter): ForecastLine[] {
  return matter.entries.flatMap((entry) =>
    (entry.state === 'open' || entry.state === 'late') && entry.fee
      ? [
          {
            projectId: matter.projectId,
            refrenceCode: matter.refrenceCode,
            title: matter.title,
            regionCode: matter.regionCode,
            year: entry.year,
            throughYear: entry.throughYear,
            dueDate: entry.dueDate,
            amount: entry.state === 'late' ? entry.fee.lateAmount : entry.fee.amount,
            currency: entry.fee.currency,
          },
        ]
      : [],
  );
}

export interface ForecastData {
  forecast: PensionForecast;
  lines: ForecastLine[];
  rates: ExchangeRate[];
  abandoned: ReadonlySet<string>;
}

/** The caller's forecast: the schedules of the matters they see, their owner's rates and plan. */
export async function readForecast(db: Executor, principal: Principal, today: string): Promise<ForecastData> {
  const owner = forecastOwnerOf(principal);
  const schedules = await schedulesOf(db, await selectPensionMatters(db, principal), today);
  const [rates, abandoned] = [await selectRates(db, owner), await selectAbandoned(db, owner)];
  const lines = schedules.flatMap((s) => linesOf(s.matter));
  const totals = pensionForecastTotals({ payments: lines, rates, abandoned, today });
  const matterOf = new Map(schedules.map((s) => [s.matter.projectId, s.matter]));
  const lastDay = `${totals.lastYear}-12-31`;
  return {
    lines: lines.filter((line) => line.dueDate <= lastDay),
    rates,
    abandoned,
    forecast: {
      today,
      firstYear: totals.firstYear,
      lastYear: totals.lastYear,
      sharedWith: owner.organizationId ? 'organization' : 'self',
      canSetRates: maySetRates(principal),
      currencies: [...foreignFeeCurrencies],
      rates,
      total: totals.total,
      saving: totals.saving,
      byYear: totals.byYear,
      byRegion: totals.byRegion,
      matters: totals.byMatter.map((m) => {
        const matter = matterOf.get(m.projectId)!;
        return {
          ...m,
          refrenceCode: matter.refrenceCode,
          title: matter.title,
          regionCode: matter.regionCode,
        };
      }),
    },
  };
}
