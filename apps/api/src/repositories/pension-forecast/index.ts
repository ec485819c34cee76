import { refuse, type PensionForecast, type Refused, type SetForecastAbandonedBody } from '@ipportal/domain';
import { and, inArray } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { projectScope } from '../projects/scope.js';
import { writeAbandoned } from './abandoned.js';
import { readForecast } from './forecast.js';
import { forecastOwnerOf, maySetRates } from './owner.js';
import { writeRates } from './rates.js';

/*
 * The annuity forecast of /pension: read over the matters the caller sees; the rates and the
 * "to be abandoned" marks are the caller's organization's (ADR 0037).
 */

export { readForecast, type ForecastData } from './forecast.js';

export async function getPensionForecast(db: Executor, principal: Principal, today: string) {
  return (await readForecast(db, principal, today)).forecast;
}

/** Sets exchange rates, dated today: an organization's administrators only (a user alone sets their own). */
export async function setExchangeRates(
  db: Executor,
  principal: Principal,
  rates: { currency: string; rate: string | null }[],
  today: string,
): Promise<PensionForecast | Refused<'notOrganizationAdmin'>> {
  if (!maySetRates(principal)) return refuse('notOrganizationAdmin');
  return db.transaction(async (tx) => {
    await writeRates(tx, forecastOwnerOf(principal), rates, principal.userId, today);
    return getPensionForecast(tx, principal, today);
  });
}

/** Every matter named must be one the caller sees: else nothing changes (404, as for any unseen matter). */
async function refuseUnseen(
  db: Executor,
  principal: Principal,
  projectIds: readonly string[],
): Promise<Refused<'projectNotFound'> | undefined> {
  const ids = [...new Set(projectIds)];
  const seen = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(projectScope(principal), inArray(projects.id, ids)));
  return seen.length === ids.length ? undefined : refuse('projectNotFound');
}

/** Marks matters "to be abandoned" in the forecast, or takes the mark back; any member may (a what-if). */
export async function setForecastAbandoned(
  db: Executor,
  principal: Principal,
  body: SetForecastAbandonedBody,
  today: string,
): Promise<PensionForecast | Refused<'projectNotFound'>> {
  return db.transaction(async (tx) => {
    const unseen = await refuseUnseen(tx, principal, body.projectIds);
    if (unseen) return unseen;
    await writeAbandoned(tx, forecastOwnerOf(principal), body.projectIds, body.abandoned, principal.userId);
    return getPensionForecast(tx, principal, today);
  });
}
