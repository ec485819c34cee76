import { plainRate, type ExchangeRate, type SetExchangeRatesBody } from '@ipportal/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { forecastExchangeRates } from '../../db/schema/index.js';
import { ownedBy, type ForecastOwner } from './owner.js';

/** The owner's exchange rates, by currency. */
export async function selectRates(db: Executor, owner: ForecastOwner): Promise<ExchangeRate[]> {
  const rows = await db
    .select({
      currency: forecastExchangeRates.currency,
      rate: forecastExchangeRates.rate,
      setOn: forecastExchangeRates.setOn,
    })
    .from(forecastExchangeRates)
    .where(ownedBy(forecastExchangeRates, owner))
    .orderBy(asc(forecastExchangeRates.currency));
  return rows.map((row) => ({ ...row, rate: plainRate(row.rate) }));
}

/** Sets (dated `today`) or removes (a null rate) each rate given; the others stay as they were. */
export async function writeRates(
  db: Executor,
  owner: ForecastOwner,
  rates: { currency: string; rate: string | null }[],
  userId: string,
  today: string,
): Promise<void> {
  for (const { currency, rate } of rates) {
    const ofCurrency = and(
      ownedBy(forecastExchangeRates, owner),
      eq(forecastExchangeRates.currency, currency),
    );
    if (rate === null) {
      await db.delete(forecastExchangeRates).where(ofCurrency);
      continue;
    }
    const [updated] = await db
      .update(forecastExchangeRates)
      .set({ rate, setOn: today, updatedAt: new Date(), updatedBy: userId })
      .where(ofCurrency)
      .returning({ id: forecastExchangeRates.id });
    if (!updated) {
      await db
        .insert(forecastExchangeRates)
        .values({ ...owner, currency, rate, setOn: today, createdBy: userId, updatedBy: userId });
    }
  }
}

export type RatesInput = SetExchangeRatesBody['rates'];
