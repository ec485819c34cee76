import { createHash, randomBytes } from 'node:crypto';
import { refuse, type CalendarFeed, type Refused } from '@ipportal/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { calendarFeeds } from '../../db/schema/index.js';

/*
 * Secret calendar feed URLs. The token is 32 random bytes shown once; only its SHA-256 is kept
 * (a copy of the database hands out no working feed), and a revoked feed is never found again.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const toFeed = (row: typeof calendarFeeds.$inferSelect): CalendarFeed => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
});

export async function listCalendarFeeds(db: Executor, userId: string): Promise<CalendarFeed[]> {
  const rows = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .orderBy(asc(calendarFeeds.createdAt));
  return rows.map(toFeed);
}

/** A new feed and its token (the only time the token exists outside the caller's calendar). */
export async function createCalendarFeed(
  db: Executor,
  userId: string,
): Promise<{ feed: CalendarFeed; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashOf(token) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { feed: toFeed(row), token };
}

export async function revokeCalendarFeed(
  db: Executor,
  userId: string,
  feedId: string,
): Promise<true | Refused<'calendarFeedNotFound'>> {
  const [row] = await db
    .update(calendarFeeds)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)),
    )
    .returning({ id: calendarFeeds.id });
  return row ? true : refuse('calendarFeedNotFound');
}

/** The owner of a live feed token, noting the fetch; undefined for anything else (answer 404). */
export async function feedOwner(db: Executor, token: string): Promise<string | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: sql`now()` })
    .where(and(eq(calendarFeeds.tokenHash, hashOf(token)), isNull(calendarFeeds.revokedAt)))
    .returning({ userId: calendarFeeds.userId });
  return row?.userId;
}
