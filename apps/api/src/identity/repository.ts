/** Every database query of the identity service (tables in src/db/schema/identity.ts). */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { UserType } from '@ipportal/domain';
import type { Executor } from '../db/index.js';
import {
  identityCodes,
  identityRefreshTokens,
  identitySessions,
  identitySigningKeys,
  identityUsers,
} from '../db/schema/index.js';
import type { CodePurpose } from './codes.js';

export type IdentityUser = typeof identityUsers.$inferSelect;
export type NewIdentityUser = typeof identityUsers.$inferInsert;
export type IdentityCode = typeof identityCodes.$inferSelect;
export type IdentityRefreshToken = typeof identityRefreshTokens.$inferSelect;
export type IdentitySession = typeof identitySessions.$inferSelect;
export type IdentitySigningKey = typeof identitySigningKeys.$inferSelect;
export type UserStatus = IdentityUser['status'];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export class IdentityRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Runs `work` in one transaction with a repository bound to it; `tx` is for what the change
   * causes outside these tables (a bus signal, the mail outbox), so it commits with the change or not at all.
   */
  async transaction<T>(work: (repository: IdentityRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new IdentityRepository(tx), tx));
  }

  async findUserByUsername(pool: UserType, username: string): Promise<IdentityUser | undefined> {
    const [row] = await this.db
      .select()
      .from(identityUsers)
      .where(and(eq(identityUsers.pool, pool), eq(identityUsers.username, username)))
      .limit(1);
    return row;
  }

  /** By user name (the email) or, as the SRP flow names users after the first step, by `sub`. */
  async findUser(pool: UserType, usernameOrSub: string): Promise<IdentityUser | undefined> {
    const username = usernameOrSub.trim().toLowerCase();
    const condition = isUuid(username)
      ? or(eq(identityUsers.username, username), eq(identityUsers.sub, username))
      : eq(identityUsers.username, username);
    const [row] = await this.db
      .select()
      .from(identityUsers)
      .where(and(eq(identityUsers.pool, pool), condition))
      .limit(1);
    return row;
  }

  /** Which of these `sub`s of the pool have two-factor sign-in on. */
  async subsWithTotp(pool: UserType, subs: readonly string[]): Promise<string[]> {
    if (subs.length === 0) return [];
    const rows = await this.db
      .select({ sub: identityUsers.sub })
      .from(identityUsers)
      .where(
        and(
          eq(identityUsers.pool, pool),
          inArray(identityUsers.sub, [...subs]),
          eq(identityUsers.totpEnabled, true),
        ),
      );
    return rows.map((row) => row.sub);
  }

  async findUserById(id: string): Promise<IdentityUser | undefined> {
    const [row] = await this.db.select().from(identityUsers).where(eq(identityUsers.id, id)).limit(1);
    return row;
  }

  /** Undefined when the user name is taken in the pool. */
  async insertUser(values: NewIdentityUser): Promise<IdentityUser | undefined> {
    try {
      const [row] = await this.db.insert(identityUsers).values(values).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(identityUsers).where(eq(identityUsers.id, id));
  }

  async updateUser(
    id: string,
    patch: Partial<
      Pick<
        IdentityUser,
        | 'status'
        | 'srpSalt'
        | 'srpVerifier'
        | 'attributes'
        | 'locale'
        | 'passwordChangedAt'
        | 'totpEnabled'
        | 'totpSecret'
        | 'totpPendingSecret'
      >
    >,
    now: Date,
  ): Promise<IdentityUser> {
    const [row] = await this.db
      .update(identityUsers)
      .set({ ...patch, updatedAt: now })
      .where(eq(identityUsers.id, id))
      .returning();
    if (!row) throw new Error(`identity user ${id} vanished`);
    return row;
  }

  /** Keeps the secret just handed out (AssociateSoftwareToken); an earlier unproven one stops working. */
  async setPendingTotpSecret(id: string, secret: string, now: Date): Promise<void> {
    await this.db
      .update(identityUsers)
      .set({ totpPendingSecret: secret, updatedAt: now })
      .where(eq(identityUsers.id, id));
  }

  /**
   * The pending secret, proven by a code of time step `step`, becomes the user's secret (still off
   * until SetUserMFAPreference turns it on, unless two-factor was already on). False when another
   * request changed the pending secret meanwhile.
   */
  async provePendingTotpSecret(id: string, secret: string, step: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(identityUsers)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step, updatedAt: now })
      .where(and(eq(identityUsers.id, id), eq(identityUsers.totpPendingSecret, secret)))
      .returning({ id: identityUsers.id });
    return rows.length === 1;
  }

  async setTotpEnabled(id: string, enabled: boolean, now: Date): Promise<void> {
    await this.db
      .update(identityUsers)
      .set(
        enabled
          ? { totpEnabled: true, updatedAt: now }
          : { totpEnabled: false, totpSecret: null, totpPendingSecret: null, updatedAt: now },
      )
      .where(eq(identityUsers.id, id));
  }

  /**
   * Records that a code of time step `step` was used: true for the one caller that got there
   * first, false if this or a later step was already used (a replayed code), on any process.
   */
  async claimTotpStep(id: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(identityUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(identityUsers.id, id),
          or(isNull(identityUsers.totpLastStep), lt(identityUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: identityUsers.id });
    return rows.length === 1;
  }

  /** Codes of one purpose sent to a user since an instant, newest first (for the resend limits). */
  async codesSentSince(userId: string, purpose: CodePurpose, since: Date): Promise<IdentityCode[]> {
    return this.db
      .select()
      .from(identityCodes)
      .where(
        and(
          eq(identityCodes.userId, userId),
          eq(identityCodes.purpose, purpose),
          gte(identityCodes.createdAt, since),
        ),
      )
      .orderBy(desc(identityCodes.createdAt));
  }

  /** The code a user may still enter: the newest unconsumed one. */
  async activeCode(userId: string, purpose: CodePurpose): Promise<IdentityCode | undefined> {
    const [row] = await this.db
      .select()
      .from(identityCodes)
      .where(
        and(
          eq(identityCodes.userId, userId),
          eq(identityCodes.purpose, purpose),
          isNull(identityCodes.consumedAt),
        ),
      )
      .orderBy(desc(identityCodes.createdAt))
      .limit(1);
    return row;
  }

  /** Stores a new code; any earlier code of the same purpose stops working. */
  async replaceCode(
    userId: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(identityCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(identityCodes.userId, userId),
            eq(identityCodes.purpose, purpose),
            isNull(identityCodes.consumedAt),
          ),
        );
      await tx
        .insert(identityCodes)
        .values({ userId, purpose, codeHash, expiresAt, createdAt: now, lastSentAt: now });
    });
  }

  /** Counts a wrong guess atomically; returns the attempts made so far. */
  async countCodeAttempt(id: string): Promise<number> {
    const [row] = await this.db
      .update(identityCodes)
      .set({ attempts: sql`${identityCodes.attempts} + 1` })
      .where(eq(identityCodes.id, id))
      .returning({ attempts: identityCodes.attempts });
    return row?.attempts ?? Number.POSITIVE_INFINITY;
  }

  /** True for the one caller that consumed the code; false if it was already used. */
  async consumeCode(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(identityCodes)
      .set({ consumedAt: now })
      .where(and(eq(identityCodes.id, id), isNull(identityCodes.consumedAt)))
      .returning({ id: identityCodes.id });
    return rows.length === 1;
  }

  async insertRefreshToken(values: typeof identityRefreshTokens.$inferInsert): Promise<void> {
    await this.db.insert(identityRefreshTokens).values(values);
  }

  async findRefreshToken(tokenHash: string): Promise<IdentityRefreshToken | undefined> {
    const [row] = await this.db
      .select()
      .from(identityRefreshTokens)
      .where(eq(identityRefreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  async revokeRefreshTokensOfUser(userId: string, now: Date): Promise<void> {
    await this.db
      .update(identityRefreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt)));
  }

  async revokeRefreshTokensOfOrigin(originJti: string, now: Date): Promise<void> {
    await this.db
      .update(identityRefreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(identityRefreshTokens.originJti, originJti), isNull(identityRefreshTokens.revokedAt)));
  }

  /** Whether the sign-in session a token belongs to was ended (RevokeToken, GlobalSignOut, password reset). */
  async isOriginRevoked(originJti: string): Promise<boolean> {
    if (!isUuid(originJti)) return true;
    const [row] = await this.db
      .select({ id: identityRefreshTokens.id })
      .from(identityRefreshTokens)
      .where(and(eq(identityRefreshTokens.originJti, originJti), isNull(identityRefreshTokens.revokedAt)))
      .limit(1);
    return row === undefined;
  }

  /** The row id is the opaque Session handed to the client: always a fresh random UUID from node:crypto. */
  async insertSession(values: Omit<typeof identitySessions.$inferInsert, 'id'>): Promise<IdentitySession> {
    const [row] = await this.db
      .insert(identitySessions)
      .values({ ...values, id: randomUUID() })
      .returning();
    if (!row) throw new Error('session insert returned nothing');
    return row;
  }

  async findSession(id: string): Promise<IdentitySession | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.db.select().from(identitySessions).where(eq(identitySessions.id, id)).limit(1);
    return row;
  }

  /** Marks a live session used; only one caller ever gets it back. */
  async consumeSession(id: string, now: Date): Promise<IdentitySession | undefined> {
    const [row] = await this.db
      .update(identitySessions)
      .set({ consumedAt: now })
      .where(
        and(
          eq(identitySessions.id, id),
          isNull(identitySessions.consumedAt),
          gt(identitySessions.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  /** Housekeeping: drops challenge sessions and codes nobody can use any more. */
  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(identitySessions).where(lt(identitySessions.expiresAt, now));
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await this.db
      .delete(identityCodes)
      .where(and(lt(identityCodes.expiresAt, now), lt(identityCodes.createdAt, dayAgo)));
    // A day of grace: ID tokens issued just before a refresh token expired still name its origin.
    await this.db.delete(identityRefreshTokens).where(lt(identityRefreshTokens.expiresAt, dayAgo));
  }

  async listSigningKeys(pool: UserType): Promise<IdentitySigningKey[]> {
    return this.db
      .select()
      .from(identitySigningKeys)
      .where(eq(identitySigningKeys.pool, pool))
      .orderBy(desc(identitySigningKeys.createdAt));
  }

  /**
   * Serialises changes to a pool's keys across processes until the transaction ends (first key,
   * rotation): a transaction-scoped advisory lock, which PGlite has too.
   */
  async lockSigningKeys(pool: UserType): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtext('identity_signing_keys'), hashtext(${pool}))`,
    );
  }

  async hasActiveSigningKey(pool: UserType): Promise<boolean> {
    const [row] = await this.db
      .select({ id: identitySigningKeys.id })
      .from(identitySigningKeys)
      .where(and(eq(identitySigningKeys.pool, pool), isNull(identitySigningKeys.retiredAt)))
      .limit(1);
    return row !== undefined;
  }

  /** Adds a pool's new active key and retires the others (call in a transaction holding `lockSigningKeys`). */
  async addActiveSigningKey(values: typeof identitySigningKeys.$inferInsert, now: Date): Promise<void> {
    await this.db
      .update(identitySigningKeys)
      .set({ retiredAt: now })
      .where(and(eq(identitySigningKeys.pool, values.pool), isNull(identitySigningKeys.retiredAt)));
    await this.db.insert(identitySigningKeys).values({ ...values, createdAt: now });
  }

  /** Replaces a stored private key (encryption of a plain row) unless another process already did. */
  async replacePrivateKey(id: string, from: string, to: string): Promise<void> {
    await this.db
      .update(identitySigningKeys)
      .set({ privateKeyPem: to })
      .where(and(eq(identitySigningKeys.id, id), eq(identitySigningKeys.privateKeyPem, from)));
  }
}
