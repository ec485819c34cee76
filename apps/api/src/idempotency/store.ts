import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

/** How long an answer is kept for a retry (the draft leaves it to the server; 24 hours here). */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

export interface KeyRef {
  userId: string;
  key: string;
}

export interface StoredAnswer {
  fingerprint: string | null;
  status: number;
  contentType: string | null;
  body: string;
}

/** What a request finds for its key: its own claim, the first request's answer, or that one still running. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'done'; answer: StoredAnswer }
  | { kind: 'running'; owner: string; fingerprint: string | null; committed: boolean };

/**
 * Claims `ref` for this process (`owner`), unless a request with the key ran within the key's
 * lifetime: then its answer, or that it is still running. An expired row is deleted and claimed
 * anew. The primary key (user, key) makes two simultaneous claims end with one winner.
 */
export async function claimKey(
  db: Executor,
  ref: KeyRef,
  claim: { owner: string; fingerprint: string | null; now: Date },
): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        userId: ref.userId,
        key: ref.key,
        owner: claim.owner,
        fingerprint: claim.fingerprint,
        createdAt: claim.now,
        expiresAt: new Date(claim.now.getTime() + idempotencyKeyLifetimeMs),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };
    const [row] = await db.select().from(idempotencyKeys).where(keyIs(ref));
    if (!row) continue; // expired and deleted meanwhile: claim again
    if (row.expiresAt <= claim.now) {
      await db.delete(idempotencyKeys).where(and(keyIs(ref), lte(idempotencyKeys.expiresAt, claim.now)));
      continue;
    }
    if (row.state === 'done' && row.status !== null && row.body !== null)
      return {
        kind: 'done',
        answer: {
          fingerprint: row.fingerprint,
          status: row.status,
          contentType: row.contentType,
          body: row.body,
        },
      };
    return {
      kind: 'running',
      owner: row.owner,
      fingerprint: row.fingerprint,
      committed: row.state === 'committed',
    };
  }
  throw new Error('idempotency key: could not claim or read it');
}

/**
 * Takes over a running claim whose owner has died (its process was killed before it answered):
 * true when this process now holds it (another retry may have taken it first).
 */
export async function takeOverKey(
  db: Executor,
  ref: KeyRef,
  from: string,
  claim: { owner: string; fingerprint: string | null },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ owner: claim.owner, fingerprint: claim.fingerprint })
    .where(and(keyIs(ref), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.owner, from)))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/**
 * Marks the claim `committed`, inside the transaction that carries out the request: a process
 * that dies after this commit and before storing its answer leaves a claim no retry runs again.
 */
export async function markKeyCommitted(tx: Executor, ref: KeyRef, owner: string): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ state: 'committed' })
    .where(and(keyIs(ref), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.owner, owner)));
}

/** Stores the answer of the request that holds the claim. */
export async function completeKey(
  db: Executor,
  ref: KeyRef,
  owner: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', ...answer })
    .where(
      and(
        keyIs(ref),
        inArray(idempotencyKeys.state, ['running', 'committed']),
        eq(idempotencyKeys.owner, owner),
      ),
    );
}

/** Gives a claim up (the request failed on the server's side): a retry runs it again. */
export async function releaseKey(db: Executor, ref: KeyRef, owner: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(keyIs(ref), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.owner, owner)));
}

/** Deletes the keys whose lifetime has ended; how many. */
export async function deleteExpiredKeys(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

function keyIs(ref: KeyRef) {
  return and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key));
}
