import {
  isRefused,
  refuse,
  todayInJapan,
  type ConfirmDeadlineBody,
  type DeadlineItem,
  type Refused,
  type SetDeadlineStateBody,
} from '@ipportal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { deadlineStates, deadlines, terms } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import { writableProject } from '../projects/write-access.js';
import type { ActorContext } from '../users.js';
import { findDeadline } from './list.js';

/*
 * What people decide about a deadline: done, let lapse (do not pay) with a reason, open again,
 * and the second person's confirmation. Each goes into the matter's history; only someone who
 * sees the matter may, and a deleted matter is read-only.
 */

type StateRefused = Refused<
  'projectNotFound' | 'projectDeleted' | 'deadlineNotFound' | 'officeEditNotAllowed'
>;

/** The deadline under a lock on its matter (decisions on one matter are serialized). */
async function lockedDeadline(
  tx: Executor,
  principal: Principal,
  projectId: string,
  key: string,
): Promise<DeadlineItem | StateRefused> {
  const matter = await writableProject(tx, principal, projectId, { lock: 'update' });
  if (isRefused(matter)) return matter;
  const deadline = await findDeadline(tx, principal, projectId, key);
  return deadline ?? refuse('deadlineNotFound');
}

/** What the history names: the deadline's key, its name (or name key) and its date. */
const described = (deadline: DeadlineItem) => ({
  key: deadline.key,
  ...(deadline.nameKey ? { nameKey: deadline.nameKey } : {}),
  ...(deadline.name ? { name: deadline.name } : {}),
  date: deadline.date,
});

export async function setDeadlineState(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: SetDeadlineStateBody,
  actor: ActorContext,
): Promise<DeadlineItem | StateRefused> {
  return db.transaction((tx) => decideDeadline(tx, principal, projectId, body, actor));
}

/**
 * The one way a deadline is marked done, let lapse or opened again, inside the caller's
 * transaction: /terms and /pension's pay-or-lapse decision both come here, so both write the same
 * state, the same history and leave the reminders to the same rule (only open deadlines are
 * reminded of: a lapse stops them, opening again lets the next planning run plan them).
 * Deciding the state a deadline already has changes nothing and records nothing, except a lapse,
 * whose reason may change.
 */
export async function decideDeadline(
  tx: Executor,
  principal: Principal,
  projectId: string,
  body: SetDeadlineStateBody,
  actor: ActorContext,
): Promise<DeadlineItem | StateRefused> {
  const deadline = await lockedDeadline(tx, principal, projectId, body.key);
  if (isRefused(deadline)) return deadline;
  if (deadline.state === body.state && body.state !== 'lapsed') return deadline;
  const now = new Date();
  const open = body.state === 'open';
  // Done by hand records the day the work was done (today in Japan unless said), and what shows it.
  const done = body.state === 'done';
  const completion = {
    completedOn: done ? (body.completedOn ?? todayInJapan(now)) : null,
    completionNote: done ? (body.note ?? null) : null,
    evidenceUrl: done ? (body.evidenceUrl ?? null) : null,
  };
  const decision = {
    state: body.state,
    stateBy: open ? null : actor.userId,
    stateAt: open ? null : now,
    lapseReason: body.state === 'lapsed' ? body.reason : null,
    ...completion,
    updatedAt: now,
  };
  await tx
    .insert(deadlineStates)
    .values({ projectId, key: body.key, ...decision })
    .onConflictDoUpdate({ target: [deadlineStates.projectId, deadlineStates.key], set: decision });
  // A dated item keeps its done flag on its own row, which the request's page shows.
  if (deadline.origin === 'requestItem') {
    const termId = body.key.slice('item:'.length);
    await tx
      .update(terms)
      .set({
        status: body.state === 'done' ? 'done' : 'open',
        completedAt: body.state === 'done' ? now : null,
        completedBy: body.state === 'done' ? actor.userId : null,
        updatedAt: sql`${terms.updatedAt}`,
      })
      .where(eq(terms.id, termId));
  }
  await recordHistory(tx, {
    actorUserId: actor.userId,
    action:
      body.state === 'done'
        ? 'deadline.done'
        : body.state === 'lapsed'
          ? 'deadline.lapse'
          : 'deadline.reopen',
    entityType: 'deadline',
    projectId,
    requestId: deadline.origin === 'rule' ? null : await requestIdOf(tx, projectId, body.key),
    changes: {
      ...described(deadline),
      state: [deadline.state, body.state],
      ...(body.state === 'lapsed' ? { reason: body.reason } : {}),
      ...(done ? withoutNulls(completion) : {}),
    },
    traceId: actor.traceId,
    ip: actor.ip,
  });
  const after = await findDeadline(tx, principal, projectId, body.key);
  if (!after) throw new Error('deadline vanished inside its transaction');
  return after;
}

function withoutNulls<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as Partial<T>;
}

async function requestIdOf(tx: Executor, projectId: string, key: string): Promise<string | null> {
  const [row] = await tx
    .select({ requestId: deadlines.requestId })
    .from(deadlines)
    .where(and(eq(deadlines.projectId, projectId), eq(deadlines.key, key)));
  return row?.requestId ?? null;
}

/**
 * The two-person check: someone who sees the matter and is neither who entered the dates nor who
 * marked the deadline confirms the date it has now.
 */
export async function confirmDeadline(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: ConfirmDeadlineBody,
  actor: ActorContext,
): Promise<DeadlineItem | StateRefused | Refused<'confirmerMustDiffer'>> {
  return db.transaction(async (tx): Promise<DeadlineItem | StateRefused | Refused<'confirmerMustDiffer'>> => {
    const deadline = await lockedDeadline(tx, principal, projectId, body.key);
    if (isRefused(deadline)) return deadline;
    if (deadline.enteredBy?.id === actor.userId || deadline.stateBy?.id === actor.userId)
      return refuse('confirmerMustDiffer');
    const now = new Date();
    const confirmation = {
      confirmedBy: actor.userId,
      confirmedAt: now,
      confirmedDate: deadline.date,
      updatedAt: now,
    };
    await tx
      .insert(deadlineStates)
      .values({ projectId, key: body.key, ...confirmation })
      .onConflictDoUpdate({ target: [deadlineStates.projectId, deadlineStates.key], set: confirmation });
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'deadline.confirm',
      entityType: 'deadline',
      projectId,
      requestId: deadline.origin === 'rule' ? null : await requestIdOf(tx, projectId, body.key),
      changes: described(deadline),
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const after = await findDeadline(tx, principal, projectId, body.key);
    if (!after) throw new Error('deadline vanished inside its transaction');
    return after;
  });
}
