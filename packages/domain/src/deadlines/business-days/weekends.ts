import type { ClosedDay } from '../../dates/closed-day.js';

/**
 * Saturday or Sunday. Every office a PCT act is done at (receiving offices, the International
 * Bureau, the designated offices, the EPO) is closed then, so PCT Rule 80.5 and EPC Rule 134
 * always move a last day off a weekend; their holidays differ per office and are not modelled.
 */
export function weekendClosedDay(isoDate: string): ClosedDay | undefined {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6 ? { reason: 'weekend' } : undefined;
}
