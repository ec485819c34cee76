import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns.js';

/**
 * Tables of the embedded Cognito-compatible identity service (src/identity, see
 * docs cognito-protocol.md). Pool is REGULAR or PATENT: one user pool per user type.
 */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: idColumn(),
    pool: text('pool', { enum: ['REGULAR', 'PATENT'] }).notNull(),
    /** Lower-cased email; unique per pool. */
    username: text('username').notNull(),
    /** The `sub` claim; portal `users.identity_sub` points here. */
    sub: uuid('sub').notNull().unique().defaultRandom(),
    status: text('status', { enum: ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD'] }).notNull(),
    /** SRP salt and verifier v = g^x mod N, lower-case hex. */
    srpSalt: text('srp_salt').notNull(),
    srpVerifier: text('srp_verifier').notNull(),
    /** Cognito attributes by name (email, name, address, phone_number, custom:region_code, ...). */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    locale: text('locale', { enum: ['ja', 'en'] })
      .notNull()
      .default('ja'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailedAt: instant('last_failed_at'),
    lockedUntil: instant('locked_until'),
    passwordChangedAt: instant('password_changed_at'),
    /**
     * Two-factor sign-in (TOTP, RFC 6238), as Cognito's software token MFA: the secret handed
     * out by AssociateSoftwareToken until VerifySoftwareToken proves it (`totp_pending_secret`),
     * the proven one, whether SetUserMFAPreference turned it on, and the time step of the last
     * code accepted, so a code is used once (one atomic update, whichever process gets it).
     */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('identity_users_totp_enabled_check', sql`not ${t.totpEnabled} or ${t.totpSecret} is not null`),
    uniqueIndex('identity_users_pool_username_uq').on(t.pool, t.username),
    check('identity_users_pool_check', sql`${t.pool} in ('REGULAR', 'PATENT')`),
    check(
      'identity_users_status_check',
      sql`${t.status} in ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD')`,
    ),
  ],
);

/** Sign-up confirmation and password-reset codes (only a hash is stored). */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: instant('consumed_at'),
    lastSentAt: instant('last_sent_at').notNull().defaultNow(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('identity_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('identity_codes_purpose_check', sql`${t.purpose} in ('signup', 'reset')`),
  ],
);

/** Opaque refresh tokens, stored as hashes. GlobalSignOut revokes all of a user's. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    originJti: uuid('origin_jti').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('identity_refresh_tokens_user_idx').on(t.userId),
    index('identity_refresh_tokens_origin_idx').on(t.originJti),
  ],
);

/**
 * Single-use, short-lived SRP challenge sessions (InitiateAuth to RespondToAuthChallenge). A
 * challenge for a user name that does not exist has no user but its lockout key (`decoy_key`), so
 * it fails like a wrong password on whichever process the answer reaches.
 */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: idColumn(),
    userId: uuid('user_id').references(() => identityUsers.id, { onDelete: 'cascade' }),
    decoyKey: text('decoy_key'),
    clientId: text('client_id').notNull(),
    /** Which challenge this session answers (PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA). */
    challenge: text('challenge').notNull().default('PASSWORD_VERIFIER'),
    srpA: text('srp_a'),
    srpB: text('srp_b'),
    /** The server's private b, hex; encrypt at rest if the deployment requires it. */
    srpBPrivate: text('srp_b_private'),
    secretBlock: text('secret_block'),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('identity_sessions_expires_idx').on(t.expiresAt),
    check('identity_sessions_user_or_decoy_check', sql`num_nonnulls(${t.userId}, ${t.decoyKey}) = 1`),
  ],
);

/** RS256 signing keys per pool; retired keys stay in the JWKS until their tokens expire. */
export const identitySigningKeys = pgTable(
  'identity_signing_keys',
  {
    id: idColumn(),
    pool: text('pool', { enum: ['REGULAR', 'PATENT'] }).notNull(),
    kid: text('kid').notNull().unique(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateKeyPem: text('private_key_pem').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    retiredAt: instant('retired_at'),
  },
  (t) => [
    index('identity_signing_keys_pool_idx').on(t.pool, t.createdAt),
    check('identity_signing_keys_pool_check', sql`${t.pool} in ('REGULAR', 'PATENT')`),
  ],
);
