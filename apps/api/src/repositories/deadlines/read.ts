import type { DeadlineClosure, DeadlineItem } from '@ipportal/domain';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { deadlineStates, deadlines, projects, requests, terms, users } from '../../db/schema/index.js';
import { projectScope } from '../projects/scope.js';
import { requestScope } from '../request-access.js';

/*
 * Reading deadlines with what people decided about them, for /terms, the matter detail, the
 * reminders and the calendar feed. A dated item marked done on its request's page counts as done
 * here too: its done flag lives on the `terms` row.
 */

const stateUser = alias(users, 'state_user');
const confirmUser = alias(users, 'confirm_user');
const enteredUser = alias(users, 'entered_user');

/**
 * open, done, lapsed or closed, as a SQL expression over the joined rows. What a person decided
 * (a dated item done, a deadline done or let lapse) is shown as they recorded it; otherwise a
 * deadline the matter's own facts close (a recorded exam request, a registration) is `closed`.
 */
export const effectiveState = sql<
  'open' | 'done' | 'lapsed' | 'closed'
>`case when ${terms.status} = 'done' then 'done' when ${deadlineStates.state} in ('done', 'lapsed') then ${deadlineStates.state} when ${deadlines.closedHow} is not null then 'closed' else 'open' end`;

/**
 * `effectiveState = 'open'` said so the planner can estimate it. PostgreSQL gives the CASE over
 * two outer joins a default selectivity of 0.5%, so for /terms' default page (200 open
 * deadlines, soonest first) it expected fewer open deadlines than the page holds and read and
 * sorted every live one (110 ms at 29,000) instead of walking the date index until the page is
 * full (3 ms). A deadline is open when no recorded fact closes it, its dated item is not done
 * and no decision other than open is recorded for it (deadline_states has one row per deadline at most).
 */
export const openDeadline = sql`(${deadlines.closedHow} is null and ${terms.status} is distinct from 'done' and not exists (select 1 from ${deadlineStates} as decided where decided.project_id = ${deadlines.projectId} and decided.key = ${deadlines.key} and decided.state <> 'open'))`;

/**
 * Which deadlines a caller reads: the client side every deadline of the matters it sees; an office
 * only its docket, the deadlines of the live requests addressed to it (not those it coordinates as
 * the concierge, nor the matter's own deadlines, which are the client's). The list, its CSV and
 * the calendar feed all read through this.
 */
export function visibleDeadlines(principal: Principal): SQL {
  if (principal.userType !== 'PATENT') return projectScope(principal);
  return sql`${deadlines.requestId} in (select ${requests.id} from ${requests} where ${requestScope(principal)})`;
}

/** Live: not removed, on a live matter, and (for a request's deadline) of a live request. */
export const liveDeadline = and(
  isNull(deadlines.removedAt),
  isNull(projects.deletedAt),
  sql`(${deadlines.requestId} is null or ${requests.deletedAt} is null)`,
) as SQL;

const columns = {
  d: deadlines,
  refrenceCode: projects.refrenceCode,
  projectTitle: projects.title,
  caseType: projects.type,
  regionCode: projects.regionCode,
  requestNumber: requests.number,
  requestName: requests.name,
  state: effectiveState,
  stateById: sql<string | null>`coalesce(${deadlineStates.stateBy}, ${terms.completedBy})`,
  stateByName: sql<string | null>`coalesce(nullif(${stateUser.name}, ''), ${stateUser.email})`,
  stateAt: sql<Date | string | null>`coalesce(${deadlineStates.stateAt}, ${terms.completedAt})`,
  lapseReason: deadlineStates.lapseReason,
  completedOn: deadlineStates.completedOn,
  completionNote: deadlineStates.completionNote,
  evidenceUrl: deadlineStates.evidenceUrl,
  confirmedById: deadlineStates.confirmedBy,
  confirmedByName: sql<string | null>`coalesce(nullif(${confirmUser.name}, ''), ${confirmUser.email})`,
  confirmedAt: deadlineStates.confirmedAt,
  confirmedDate: deadlineStates.confirmedDate,
  enteredByName: sql<string | null>`coalesce(nullif(${enteredUser.name}, ''), ${enteredUser.email})`,
};

/** The select with every join a deadline item needs; callers add where, order and limit. */
export function selectDeadlines(db: Executor) {
  return db
    .select(columns)
    .from(deadlines)
    .innerJoin(projects, eq(projects.id, deadlines.projectId))
    .leftJoin(requests, eq(requests.id, deadlines.requestId))
    .leftJoin(terms, eq(terms.id, deadlines.termId))
    .leftJoin(
      deadlineStates,
      and(eq(deadlineStates.projectId, deadlines.projectId), eq(deadlineStates.key, deadlines.key)),
    )
    .leftJoin(stateUser, sql`${stateUser.id} = coalesce(${deadlineStates.stateBy}, ${terms.completedBy})`)
    .leftJoin(confirmUser, eq(confirmUser.id, deadlineStates.confirmedBy))
    .leftJoin(enteredUser, eq(enteredUser.id, deadlines.enteredBy));
}

export type DeadlineReadRow = Awaited<ReturnType<ReturnType<typeof selectDeadlines>['execute']>>[number];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function toDeadlineItem(row: DeadlineReadRow): DeadlineItem {
  const { d } = row;
  // A confirmation holds for the date that was checked; a moved deadline needs a new check.
  const confirmed = row.confirmedById !== null && row.confirmedDate === d.date;
  return {
    projectId: d.projectId,
    key: d.key,
    refrenceCode: row.refrenceCode,
    projectTitle: row.projectTitle,
    caseType: row.caseType,
    regionCode: row.regionCode,
    origin: d.origin,
    kind: d.kind,
    scope: d.scope,
    ruleId: d.ruleId,
    year: d.year,
    nameKey: d.nameKey,
    name: d.name,
    request:
      row.requestNumber !== null && row.requestName !== null
        ? { number: row.requestNumber, name: row.requestName }
        : null,
    date: d.date,
    plainDate: d.plainDate,
    shift: (d.shift as DeadlineItem['shift']) ?? null,
    opensOn: d.opensOn,
    lateUntil: d.lateUntil,
    ruleConfirmed: d.ruleConfirmed,
    legalSource: d.legalSource ?? null,
    state: row.state,
    closedBy:
      d.closedHow && d.closedFact
        ? { how: d.closedHow, fact: d.closedFact as DeadlineClosure['fact'], date: d.closedOn }
        : null,
    // A person's done or lapse, with who and when; a deadline closed by a fact names the fact.
    stateBy:
      (row.state === 'done' || row.state === 'lapsed') && row.stateById
        ? { id: row.stateById, name: row.stateByName ?? '' }
        : null,
    stateAt: row.state === 'done' || row.state === 'lapsed' ? iso(row.stateAt) : null,
    lapseReason: row.state === 'lapsed' ? row.lapseReason : null,
    completedOn: row.state === 'done' ? row.completedOn : null,
    completionNote: row.state === 'done' ? row.completionNote : null,
    evidenceUrl: row.state === 'done' ? row.evidenceUrl : null,
    enteredBy: d.enteredBy ? { id: d.enteredBy, name: row.enteredByName ?? '' } : null,
    confirmedBy: confirmed ? { id: row.confirmedById!, name: row.confirmedByName ?? '' } : null,
    confirmedAt: confirmed ? iso(row.confirmedAt) : null,
  };
}
