import {
  isRefused,
  refuse,
  refusePaidInFuture,
  type PensionMatterRead,
  type PensionOverview,
  type Refused,
  type SetPensionDecisionBody,
  type UpdatePensionSettingsBody,
} from '@ipportal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { pensionPayments, pensions, projects } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { selectPensionMatter, selectPensionMatters } from './matters.js';
import { allowedPaymentEnds, type PaymentInput } from './payment-rules.js';
import { overviewOf, scheduleRead, schedulesOf, type MatterSchedule } from './schedule.js';
import { refreshDeadlines } from '../deadlines/refresh.js';
import { decideDeadline } from '../deadlines/states.js';

/*
 * Annuities (pension): reads compute the schedule of each visible matter from the deadline rules
 * and the fee tables; writes record a payment or a decision, each in the matter's history.
 */

export async function getPensionOverview(
  db: Executor,
  principal: Principal,
  today: string,
): Promise<PensionOverview> {
  const rows = await selectPensionMatters(db, principal);
  return overviewOf(await schedulesOf(db, rows, today), today);
}

type ScheduleRefused = Refused<'projectNotFound' | 'projectDeleted' | 'pensionNoSchedule'>;

/** The matter's schedule when the caller sees it; `forWrite` locks it and refuses a deleted matter. */
async function visibleSchedule(
  db: Executor,
  principal: Principal,
  projectId: string,
  today: string,
  forWrite = false,
): Promise<MatterSchedule | ScheduleRefused> {
  const row = await selectPensionMatter(db, principal, projectId, forWrite);
  if (!row) return refuse('projectNotFound');
  if (forWrite && row.deletedAt) return refuse('projectDeleted');
  const [schedule] = await schedulesOf(db, [row], today);
  return schedule ?? refuse('pensionNoSchedule');
}

export async function getPension(
  db: Executor,
  principal: Principal,
  projectId: string,
  today: string,
): Promise<PensionMatterRead | Refused<'projectNotFound'>> {
  const row = await selectPensionMatter(db, principal, projectId, false);
  return row ? scheduleRead(db, row, today) : refuse('projectNotFound');
}

/** Records a payment of the next unpaid years; the years it covers are marked paid. */
export async function recordPensionPayment(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: PaymentInput,
  actor: ActorContext,
  today: string,
) {
  return db.transaction(async (tx) => {
    const schedule = await visibleSchedule(tx, principal, projectId, today, true);
    if (isRefused(schedule)) return schedule;
    const inFuture = refusePaidInFuture(body.paidOn, today);
    if (inFuture) return inFuture;
    const { matter, entries } = schedule;
    const ranges = allowedPaymentEnds(matter, entries);
    const range = ranges.find((r) => r.from === body.yearFrom);
    if (!range) {
      return refuse('pensionYearsNotNext', {
        params: { year: ranges[0]?.from ?? matter.paidThroughYear + 1 },
      });
    }
    if (!range.ends.includes(body.yearTo)) {
      return refuse('pensionYearsNotWhole', { params: { years: range.ends.join(', ') } });
    }
    const [payment] = await tx
      .insert(pensionPayments)
      .values({
        projectId,
        paidOn: body.paidOn,
        yearFrom: body.yearFrom,
        yearTo: body.yearTo,
        amount: body.amount,
        currency: body.currency,
        receiptNumber: body.receiptNumber,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: pensionPayments.id });
    const now = new Date();
    for (let year = body.yearFrom; year <= body.yearTo; year += 1) {
      const entry = entries.find(
        (e) => year >= (e.deadline.year ?? 1) && year <= (e.deadline.throughYear ?? e.deadline.year ?? 1),
      );
      const paid = {
        status: 'paid' as const,
        paymentId: payment!.id,
        paidAt: now,
        paidBy: actor.userId,
        currency: body.currency,
        updatedAt: now,
        updatedBy: actor.userId,
      };
      await tx
        .insert(pensions)
        .values({
          projectId,
          yearNumber: year,
          // Years before the first scheduled payment (a trademark's registration) are due on registration.
          dueDate: entry?.deadline.date ?? matter.registDate ?? body.paidOn,
          ruleKey: entry?.deadline.key ?? null,
          createdBy: actor.userId,
          ...paid,
        })
        .onConflictDoUpdate({ target: [pensions.projectId, pensions.yearNumber], set: paid });
    }
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'pension.payment.record',
      entityType: 'pension',
      entityId: payment!.id,
      projectId,
      changes: {
        paidOn: [null, body.paidOn],
        years: [null, `${body.yearFrom}-${body.yearTo}`],
        amount: [null, body.amount],
        currency: [null, body.currency],
        receiptNumber: [null, body.receiptNumber],
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    // A payment of the year the right lapsed for is its restoration (回復, a petition for the
    // delayed payment, re-establishment): the right is back, and its history says so.
    const lapse = matter.lapse;
    if (lapse && body.yearFrom === lapse.year) {
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'pension.right.restore',
        entityType: 'project',
        entityId: projectId,
        projectId,
        changes: {
          lapse: [lapse.fact, null],
          year: [null, lapse.year],
          restoration: [null, lapse.restoration.ruleId],
          paymentId: [null, payment!.id],
        },
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    // The years paid leave /terms and get no more reminders.
    await refreshDeadlines(tx, [projectId], today);
    return getPension(tx, principal, projectId, today);
  });
}

/**
 * Decides to pay a scheduled payment or to let the right lapse; a lapse needs a reason. The
 * decision is the state of the year's deadline (its key, e.g. `jp.patent.annuity#7`), the same one
 * /terms decides, written by the same use case (`decideDeadline`): a lapse makes it 'lapsed' with
 * its reason (its reminders stop), and "pay" takes a lapse back (open again, reminded of again).
 * "Pay" on a year not let lapse changes nothing: it is open (the payment is due and reminded of)
 * or marked done on /terms, which /pension shows as decided to pay; paying itself is recorded as
 * a payment.
 */
export async function setPensionDecision(
  db: Executor,
  principal: Principal,
  projectId: string,
  year: number,
  body: SetPensionDecisionBody,
  actor: ActorContext,
  today: string,
) {
  return db.transaction(async (tx) => {
    const schedule = await visibleSchedule(tx, principal, projectId, today, true);
    if (isRefused(schedule)) return schedule;
    const entry = schedule.entries.find((e) => e.deadline.year === year && e.state !== 'paid');
    if (!entry) return refuse('pensionYearNotScheduled');
    const reason = body.reason?.trim() || null;
    if (body.decision === 'lapse' && !reason) return refuse('pensionLapseNeedsReason');
    const key = entry.deadline.key;
    // The year's stored deadline is what is decided on: bring it up to date with what the schedule
    // just computed (a rule table newer than the last refresh would otherwise lack it).
    await refreshDeadlines(tx, [projectId]);
    const decided =
      body.decision === 'lapse'
        ? await decideDeadline(tx, principal, projectId, { key, state: 'lapsed', reason: reason! }, actor)
        : entry.decision === 'lapse'
          ? await decideDeadline(tx, principal, projectId, { key, state: 'open' }, actor)
          : null;
    if (isRefused(decided)) {
      // Just refreshed from the same rules: a year without a stored deadline is not scheduled.
      return decided.refused === 'deadlineNotFound' ? refuse('pensionYearNotScheduled') : decided;
    }
    return getPension(tx, principal, projectId, today);
  });
}

/** Sets the fee reduction the right holder qualifies for. */
export async function updatePensionSettings(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: UpdatePensionSettingsBody,
  actor: ActorContext,
  today: string,
) {
  return db.transaction(async (tx) => {
    const schedule = await visibleSchedule(tx, principal, projectId, today, true);
    if (isRefused(schedule)) return schedule;
    const before = schedule.matter.feeReduction;
    if (before !== body.feeReduction) {
      await tx
        .update(projects)
        .set({ feeReduction: body.feeReduction, updatedAt: sql`now()`, updatedBy: actor.userId })
        .where(eq(projects.id, projectId));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'pension.settings.update',
        entityType: 'project',
        entityId: projectId,
        projectId,
        changes: { feeReduction: [before, body.feeReduction] },
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    return getPension(tx, principal, projectId, today);
  });
}
