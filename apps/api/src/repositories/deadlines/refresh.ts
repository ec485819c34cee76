import { computeDeadlines, todayInJapan, type ComputedDeadline } from '@ipportal/domain';
import { and, eq, inArray, isNull, min, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  deadlines,
  pensionPayments,
  projectPriorityClaims,
  projects,
  requests,
  terms,
} from '../../db/schema/index.js';
import { deadlineInputColumns, deadlineInputOfRow } from './deadline-input.js';
import { nationalPhaseEntriesOf, withPctApplications } from './national-phase.js';

/*
 * Keeps the `deadlines` table equal to what the rules and the requests say (docs/adr/0011).
 * Called inside the transaction that changes a matter's dates or a request's terms, and by the
 * start-up job for every matter when the rule table changed.
 */

type DeadlineRow = typeof deadlines.$inferInsert;
type Wanted = Omit<DeadlineRow, 'revision' | 'removedAt' | 'updatedAt'>;

const scopeOf = (kind: DeadlineRow['kind']): DeadlineRow['scope'] =>
  kind === 'payment' ? 'pension' : 'term';

function fromRule(projectId: string, deadline: ComputedDeadline, enteredBy: string | null): Wanted {
  return {
    projectId,
    key: deadline.key,
    origin: 'rule',
    ruleId: deadline.ruleId,
    kind: deadline.kind,
    scope: scopeOf(deadline.kind),
    year: deadline.year ?? null,
    requestId: null,
    termId: null,
    name: null,
    nameKey: deadline.nameKey,
    date: deadline.date,
    plainDate: deadline.plainDate,
    shift: deadline.shift ?? null,
    opensOn: deadline.opensOn ?? null,
    lateUntil: deadline.lateUntil ?? null,
    ruleConfirmed: deadline.confirmed,
    legalSource: { ja: deadline.source.ja, en: deadline.source.en },
    closedHow: deadline.closedBy?.how ?? null,
    closedFact: deadline.closedBy?.fact ?? null,
    closedOn: deadline.closedBy?.date ?? null,
    enteredBy,
  };
}

function requestDeadline(
  projectId: string,
  fields: Pick<Wanted, 'key' | 'origin' | 'kind' | 'requestId' | 'termId' | 'name' | 'date' | 'enteredBy'>,
): Wanted {
  return {
    projectId,
    ruleId: null,
    scope: 'term',
    year: null,
    nameKey: null,
    plainDate: fields.date,
    shift: null,
    opensOn: null,
    lateUntil: null,
    ruleConfirmed: true,
    legalSource: null,
    closedHow: null,
    closedFact: null,
    closedOn: null,
    ...fields,
  };
}

/**
 * Every deadline the matters `projectIds` have on `today`, from their stored dates (a payment
 * whose late period ended unpaid before today has ended the right: deadlines/lapse.ts).
 */
async function wantedDeadlines(
  db: Executor,
  projectIds: readonly string[],
  today: string,
): Promise<Wanted[]> {
  const matters = await db
    .select({
      id: projects.id,
      ...deadlineInputColumns,
      organizationId: projects.organizationId,
      ownerUserId: projects.ownerUserId,
      intlApplicationNumber: projects.intlApplicationNumber,
      updatedBy: projects.updatedBy,
    })
    .from(projects)
    .where(inArray(projects.id, [...projectIds]));
  const priorities = await db
    .select({
      projectId: projectPriorityClaims.projectId,
      earliest: min(projectPriorityClaims.baseApplicationDate),
    })
    .from(projectPriorityClaims)
    .where(inArray(projectPriorityClaims.projectId, [...projectIds]))
    .groupBy(projectPriorityClaims.projectId);
  const earliest = new Map(priorities.map((row) => [row.projectId, row.earliest]));
  const paymentRows = await db
    .select({
      projectId: pensionPayments.projectId,
      yearFrom: pensionPayments.yearFrom,
      yearTo: pensionPayments.yearTo,
      paidOn: pensionPayments.paidOn,
    })
    .from(pensionPayments)
    .where(inArray(pensionPayments.projectId, [...projectIds]));
  const payments = new Map<string, (typeof paymentRows)[number][]>();
  for (const row of paymentRows) payments.set(row.projectId, [...(payments.get(row.projectId) ?? []), row]);
  const entries = await nationalPhaseEntriesOf(db, matters);
  const wanted: Wanted[] = [];
  for (const matter of matters) {
    const input = deadlineInputOfRow(
      matter,
      earliest.get(matter.id) ?? null,
      payments.get(matter.id) ?? [],
      entries.get(matter.id) ?? [],
    );
    for (const deadline of computeDeadlines(input, { today })) {
      // A year already paid is no longer a deadline: it leaves /terms, the feed and the reminders.
      if (deadline.paid) continue;
      wanted.push(fromRule(matter.id, deadline, matter.updatedBy));
    }
  }
  const periods = await db
    .select({
      id: requests.id,
      projectId: requests.projectId,
      decisionPeriod: requests.decisionPeriod,
      userPeriod: requests.userPeriod,
      updatedBy: requests.updatedBy,
    })
    .from(requests)
    .where(and(inArray(requests.projectId, [...projectIds]), isNull(requests.deletedAt)));
  for (const request of periods) {
    const common = { requestId: request.id, termId: null, name: null, enteredBy: request.updatedBy };
    if (request.decisionPeriod)
      wanted.push(
        requestDeadline(request.projectId, {
          ...common,
          key: `request:${request.id}:legal`,
          origin: 'requestLegal',
          kind: 'procedure',
          date: request.decisionPeriod,
        }),
      );
    if (request.userPeriod)
      wanted.push(
        requestDeadline(request.projectId, {
          ...common,
          key: `request:${request.id}:user`,
          origin: 'requestUser',
          kind: 'internal',
          date: request.userPeriod,
        }),
      );
  }
  const items = await db
    .select({
      id: terms.id,
      projectId: terms.projectId,
      requestId: terms.requestId,
      title: terms.title,
      dueDate: terms.dueDate,
      updatedBy: terms.updatedBy,
    })
    .from(terms)
    .innerJoin(requests, and(eq(requests.id, terms.requestId), isNull(requests.deletedAt)))
    .where(
      and(
        inArray(terms.projectId, [...projectIds]),
        eq(terms.kind, 'requestItem'),
        ne(terms.status, 'cancelled'),
      ),
    );
  for (const item of items) {
    wanted.push(
      requestDeadline(item.projectId, {
        key: `item:${item.id}`,
        origin: 'requestItem',
        kind: 'internal',
        requestId: item.requestId,
        termId: item.id,
        name: item.title,
        date: item.dueDate,
        enteredBy: item.updatedBy,
      }),
    );
  }
  return wanted;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a calendar or a reminder would notice: a new date, a new plain date or a new name. */
function datesOrNameChanged(before: typeof deadlines.$inferSelect, after: Wanted): boolean {
  return before.date !== after.date || before.plainDate !== after.plainDate || before.name !== after.name;
}

function sameClosure(before: typeof deadlines.$inferSelect, after: Wanted): boolean {
  return (
    before.closedHow === after.closedHow &&
    before.closedFact === after.closedFact &&
    before.closedOn === after.closedOn
  );
}

function anyChange(before: typeof deadlines.$inferSelect, after: Wanted): boolean {
  return (
    before.removedAt !== null ||
    datesOrNameChanged(before, after) ||
    before.kind !== after.kind ||
    before.opensOn !== after.opensOn ||
    before.lateUntil !== after.lateUntil ||
    before.ruleConfirmed !== after.ruleConfirmed ||
    !sameClosure(before, after) ||
    before.nameKey !== after.nameKey ||
    !sameJson(before.shift, after.shift) ||
    !sameJson(before.legalSource, after.legalSource)
  );
}

/** Matters refreshed per statement batch (bounded parameter lists). */
const batchSize = 500;

/**
 * Brings the stored deadlines of `projectIds` up to date, as they stand on `today` (Japan).
 * Returns the matters whose deadlines changed in a way reminders care about (a new, moved or
 * removed deadline), to plan them again.
 */
export async function refreshDeadlines(
  db: Executor,
  changedIds: readonly string[],
  today: string = todayInJapan(),
): Promise<string[]> {
  // A national-phase matter's dates close deadlines of the PCT application it entered from.
  const projectIds = await withPctApplications(db, changedIds);
  const changed = new Set<string>();
  for (let start = 0; start < projectIds.length; start += batchSize) {
    const batch = projectIds.slice(start, start + batchSize);
    const wanted = await wantedDeadlines(db, batch, today);
    const stored = await db
      .select()
      .from(deadlines)
      .where(inArray(deadlines.projectId, [...batch]));
    const storedByKey = new Map(stored.map((row) => [`${row.projectId}|${row.key}`, row]));
    const now = new Date();
    const upserts: DeadlineRow[] = [];
    for (const row of wanted) {
      const before = storedByKey.get(`${row.projectId}|${row.key}`);
      storedByKey.delete(`${row.projectId}|${row.key}`);
      if (before && !anyChange(before, row)) continue;
      const moved = !before || before.removedAt !== null || datesOrNameChanged(before, row);
      // A deadline a fact closed (or opened again) reads differently in a calendar's summary.
      const closure = !!before && !sameClosure(before, row);
      if (moved || closure) changed.add(row.projectId);
      upserts.push({
        ...row,
        // Whoever entered the dates keeps being named until the date itself changes.
        enteredBy: before && !moved ? before.enteredBy : row.enteredBy,
        revision: before ? before.revision + (moved || closure ? 1 : 0) : 0,
        removedAt: null,
        updatedAt: now,
      });
    }
    for (let at = 0; at < upserts.length; at += 1000) {
      await db
        .insert(deadlines)
        .values(upserts.slice(at, at + 1000))
        .onConflictDoUpdate({
          target: [deadlines.projectId, deadlines.key],
          set: Object.fromEntries(
            Object.keys(upserts[0]!)
              .filter((column) => column !== 'projectId' && column !== 'key')
              .map((column) => [column, sql.raw(`excluded.${columnName(column)}`)]),
          ),
        });
    }
    // What is no longer computed is kept as removed, with its revision raised for the calendar.
    const gone = [...storedByKey.values()].filter((row) => row.removedAt === null);
    for (const row of gone) {
      changed.add(row.projectId);
      await db
        .update(deadlines)
        .set({ removedAt: now, revision: row.revision + 1, updatedAt: now })
        .where(and(eq(deadlines.projectId, row.projectId), eq(deadlines.key, row.key)));
    }
  }
  return [...changed];
}

/** The SQL column name of a `deadlines` property (`plainDate` -> `plain_date`). */
function columnName(property: string): string {
  const column = (deadlines as unknown as Record<string, { name: string }>)[property];
  if (!column) throw new Error(`no column ${property}`);
  return `"${column.name}"`;
}
