import type { dealDraftBodySchema } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { deals, requests } from '../../../db/schema/index.js';
import type { ActorContext } from '../../users.js';
import type { Frozen } from '../document-core/freeze.js';
import { insertDraftRow, type DealValues } from '../document-core/draft-rows.js';
import type { StoredDeal } from './rows.js';

/*
 * The writes of an estimate's life, each one statement inside the caller's transaction. Which
 * one may happen is the use case's to check; rows that are no longer drafts are frozen by a
 * trigger (migration 0013) but for their status and decision columns.
 */

export type DealDraft = z.output<typeof dealDraftBodySchema>;

/** The columns a draft is written with from the office's form. */
export const dealFieldsOf = (body: DealDraft) => ({
  title: body.title,
  validUntil: body.validUntil,
  notes: body.notes ?? null,
});

/** A new estimate's row (a draft, or the next version of one). */
export function insertDeal(tx: Executor, values: DealValues): Promise<string> {
  return insertDraftRow(tx, 'deal', values);
}

/** The version a draft revises, locked: it is superseded when the draft is sent. */
export async function lockRevisedDeal(tx: Executor, dealId: string): Promise<StoredDeal | undefined> {
  const [revised] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
  return revised;
}

/** Whether a revision of the estimate was started (one open revision at a time). */
export async function hasRevision(tx: Executor, dealId: string): Promise<boolean> {
  const [successor] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.supersedesDealId, dealId))
    .limit(1);
  return successor !== undefined;
}

export async function markSent(tx: Executor, dealId: string, frozen: Frozen, actor: ActorContext, now: Date) {
  await tx
    .update(deals)
    .set({ status: 'sent', sentAt: now, ...frozen.columns, updatedAt: now, updatedBy: actor.userId })
    .where(eq(deals.id, dealId));
}

export async function markSuperseded(tx: Executor, dealId: string, actor: ActorContext, now: Date) {
  await tx
    .update(deals)
    .set({ status: 'superseded', updatedAt: now, updatedBy: actor.userId })
    .where(eq(deals.id, dealId));
}

export async function markWithdrawn(
  tx: Executor,
  dealId: string,
  reason: string | null,
  actor: ActorContext,
) {
  await tx
    .update(deals)
    .set({ status: 'withdrawn', withdrawReason: reason, updatedAt: new Date(), updatedBy: actor.userId })
    .where(eq(deals.id, dealId));
}

export type Decision = { accept: true } | { accept: false; reason: string };

export async function markDecided(
  tx: Executor,
  dealId: string,
  decision: Decision,
  actor: ActorContext,
  now: Date,
): Promise<void> {
  await tx
    .update(deals)
    .set({
      status: decision.accept ? 'accepted' : 'declined',
      declineReason: decision.accept ? null : decision.reason,
      decidedAt: now,
      decidedBy: actor.userId,
      updatedAt: now,
      updatedBy: actor.userId,
    })
    .where(eq(deals.id, dealId));
}

/**
 * An accepted estimate is an order: a request still "not supported" (1) moves to "external
 * handling in progress" (2). Answers the move made, for the history, or undefined.
 */
export async function startOrderedWork(
  tx: Executor,
  requestId: string,
  actor: ActorContext,
  now: Date,
): Promise<[number, number] | undefined> {
  const [moved] = await tx
    .update(requests)
    .set({ status: 2, updatedAt: now, updatedBy: actor.userId })
    .where(and(eq(requests.id, requestId), eq(requests.status, 1)))
    .returning({ id: requests.id });
  return moved ? [1, 2] : undefined;
}
