import { refuse, type Refused } from './refusals.js';

/**
 * A recorded payment is a transfer already made: its date, a day in Japan, is never later than
 * today there. The one rule for invoice payments (振込) and annuity payments (年金納付); the
 * server gives today in Japan, so the client's clock plays no part.
 */
export function refusePaidInFuture(paidOn: string, todayInJapan: string): Refused<'paidInFuture'> | null {
  return paidOn > todayInJapan ? refuse('paidInFuture') : null;
}
