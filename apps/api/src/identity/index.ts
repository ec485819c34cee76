/**
 * The embedded Cognito-compatible identity service and the API's token verifiers.
 *
 * `identityForApp(config)` gives `buildApp` what it needs in either mode: the embedded service
 * (routes + a verifier over its own keys) or, with IDENTITY_MODE=aws, a CognitoJwtVerifier and
 * no routes. See README.md in this folder.
 */
import { randomUUID } from 'node:crypto';
import type { Locale, UserType } from '@ipportal/domain';
import type { FastifyInstance } from 'fastify';
import type { SecondFactors, TokenVerifier } from '../auth/index.js';
import type { AppConfig } from '../config.js';
import type { Database, Executor } from '../db/index.js';
import type { EventBus } from '../events/index.js';
import { mailQueueOf } from '../mail/index.js';
import { SigningKeyStore } from './keys.js';
import { DatabaseLockoutStore } from './lockout.js';
import { IdentityRepository, type UserStatus } from './repository.js';
import { identityRoutes } from './routes.js';
import { IdentityService, type IdentityLogger, type IdentityMailer } from './service.js';
import { identitySettings, resolvePools, type IdentitySettings } from './settings.js';
import { createPasswordVerifier } from './srp.js';
import { createCognitoVerifier, createEmbeddedVerifier } from './verifier.js';

export { IdentityError } from './errors.js';
export { IdentityService, type IdentityMailer, type RequestInfo } from './service.js';
export {
  identitySettings,
  poolIssuer,
  type IdentityPoolSettings,
  type IdentitySettings,
  type PoolRuntime,
} from './settings.js';
export { createCognitoVerifier, createEmbeddedVerifier } from './verifier.js';
export { defaultCodePolicy, type CodePolicy } from './codes.js';
export {
  DatabaseLockoutStore,
  MemoryLockoutStore,
  SignInLockout,
  defaultLockoutPolicy,
  type LockoutPolicy,
  type LockoutRule,
} from './lockout.js';

export type IdentityOverrides = Partial<Omit<IdentitySettings, 'pools'>>;

/** Settings of the embedded service from the app config; `iss` is named after PUBLIC_URL (or localhost). */
export function identitySettingsFromConfig(
  config: AppConfig,
  overrides: IdentityOverrides = {},
): IdentitySettings {
  const pool = (settings: AppConfig['identity']['regular']) => ({
    userPoolId: settings.userPoolId,
    clientId: settings.clientId,
    path: settings.embeddedPath,
  });
  return identitySettings({
    pools: { REGULAR: pool(config.identity.regular), PATENT: pool(config.identity.patent) },
    issuerOrigin: config.publicUrl ?? `http://localhost:${config.port}`,
    accessTokenTtlSeconds: config.identity.tokenTtlSeconds,
    idTokenTtlSeconds: config.identity.tokenTtlSeconds,
    refreshTokenTtlSeconds: config.identity.refreshTokenTtlSeconds,
    ...overrides,
  });
}

/**
 * Creates the service over a database, loading (or on first start, creating) each pool's signing
 * keys. A stored key that cannot be decrypted (IDENTITY_KEY_ENCRYPTION_KEY missing or wrong) throws.
 */
export async function createIdentityService(options: {
  db: Database;
  mailer: IdentityMailer;
  settings: IdentitySettings;
  logger?: IdentityLogger;
  clock?: () => Date;
  onSessionsEnded?: ((sub: string) => void) | undefined;
  /** Signals to the other API processes (ended sessions, new keys); without it they are not told. */
  bus?: Pick<EventBus, 'publish'> | undefined;
  /** IDENTITY_KEY_ENCRYPTION_KEY: private signing keys are stored encrypted with it. */
  keyEncryptionKey?: Buffer | undefined;
}): Promise<IdentityService> {
  const repository = new IdentityRepository(options.db);
  const keys = new SigningKeyStore(repository, {
    clock: options.clock,
    bus: options.bus,
    encryptionKey: options.keyEncryptionKey,
  });
  await keys.load(['REGULAR', 'PATENT']);
  return new IdentityService({
    repository,
    keys,
    lockoutStore: new DatabaseLockoutStore(options.db),
    mailer: options.mailer,
    settings: options.settings,
    logger: options.logger,
    clock: options.clock,
    onSessionsEnded: options.onSessionsEnded,
    bus: options.bus,
  });
}

const keyReloadIntervalMs = 60 * 1000;

/**
 * Keeps this process's signing keys in step with the database: reload on another process's
 * `identity.keysChanged` signal, after the bus listener reconnects (signals may have been lost),
 * and every minute as a backstop. A token with an unknown key id also reloads (verifier.ts).
 */
export function watchSigningKeys(app: FastifyInstance, service: IdentityService): void {
  const reload = (pools?: UserType[]) => {
    service.keys
      .reload(pools)
      .catch((error: unknown) => app.log.error({ err: error }, 'identity signing keys: reload failed'));
  };
  const stops = [
    app.bus.subscribe('identity.keysChanged', ({ id }) => {
      if (id === 'REGULAR' || id === 'PATENT') reload([id]);
    }),
    app.bus.onResync(() => reload()),
  ];
  const timer = setInterval(() => reload(), keyReloadIntervalMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    for (const stop of stops) stop();
    done();
  });
}

const housekeepingIntervalMs = 10 * 60 * 1000;

/** The embedded service as Fastify routes (POST per pool, JWKS per issuer) plus periodic clean-up of expired rows. */
export async function registerIdentity(app: FastifyInstance, service: IdentityService): Promise<void> {
  await app.register(identityRoutes, { service });
  const timer = setInterval(() => {
    service
      .housekeeping()
      .catch((error: unknown) => app.log.warn({ err: error }, 'identity housekeeping failed'));
  }, housekeepingIntervalMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

export interface IdentityForApp {
  verifier: (app: FastifyInstance) => Promise<TokenVerifier>;
  /** The API's view of second factors (embedded mode only: AWS mode gives the pools no admin access). */
  secondFactors?: ((app: FastifyInstance) => SecondFactors) | undefined;
  routes: ((app: FastifyInstance) => Promise<void>)[];
  /** The embedded service once `verifier` has run (undefined in AWS mode): tests and tools use it. */
  service(): IdentityService | undefined;
}

/**
 * What `buildApp` takes for identity: `buildApp(config, { ...identityForApp(config) })`.
 * Embedded mode: the service is created when the database is open, its verifier checks ID
 * tokens against its own keys, and its routes are registered. AWS mode: CognitoJwtVerifier only.
 */
export function identityForApp(config: AppConfig, overrides: IdentityOverrides = {}): IdentityForApp {
  if (config.identity.mode === 'aws') {
    const verifier = createCognitoVerifier({
      REGULAR: config.identity.regular,
      PATENT: config.identity.patent,
    });
    return {
      verifier: () => Promise.resolve(verifier),
      secondFactors: undefined,
      routes: [],
      service: () => undefined,
    };
  }
  let service: IdentityService | undefined;
  return {
    async verifier(app) {
      // The API's cache of verified tokens (decorated later, by the auth plugin) forgets a user's
      // tokens at sign-out at once; other processes hear of it through the bus (auth.sessionsEnded).
      const forgetTokensOf = (sub: string) =>
        (app as { forgetTokensOf?: (sub: string) => void }).forgetTokensOf?.(sub);
      service = await createIdentityService({
        db: app.db,
        mailer: { queue: mailQueueOf(app.jobs) },
        settings: identitySettingsFromConfig(config, overrides),
        logger: app.log,
        onSessionsEnded: forgetTokensOf,
        bus: app.bus,
        keyEncryptionKey: config.identity.keyEncryptionKey,
      });
      watchSigningKeys(app, service);
      return createEmbeddedVerifier({
        pools: service.pools,
        keys: service.keys,
        repository: service.repository,
      });
    },
    secondFactors: (app) => embeddedSecondFactors(app.bus),
    routes: [
      async (app) => {
        if (!service)
          throw new Error('identityForApp: the verifier factory must run before the routes are registered');
        await registerIdentity(app, service);
      },
    ],
    service: () => service,
  };
}

export interface NewIdentityUser {
  userType: UserType;
  email: string;
  password: string;
  /** Profile attributes: name, address, phone_number, custom:region_code (email is taken from `email`). */
  attributes?: Partial<Record<'name' | 'address' | 'phone_number' | 'custom:region_code', string>>;
  /** CONFIRMED (default; demo seed) or FORCE_CHANGE_PASSWORD (invitations: `password` is the temporary one). */
  status?: Extract<UserStatus, 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD'>;
  locale?: Locale;
}

/**
 * Creates a user of the embedded service directly (demo seed, invitations), storing only the
 * SRP verifier. Idempotent: an existing user of that email is left as it is.
 */
export async function createIdentityUser(
  db: Database,
  config: AppConfig,
  user: NewIdentityUser,
): Promise<{ sub: string; created: boolean }> {
  const repository = new IdentityRepository(db);
  const pool = resolvePools(identitySettingsFromConfig(config))[user.userType];
  const email = user.email.trim();
  const username = email.toLowerCase();
  const existing = await repository.findUserByUsername(user.userType, username);
  if (existing) return { sub: existing.sub, created: false };
  const sub = randomUUID();
  const { salt, verifier } = createPasswordVerifier(pool.poolName, sub, user.password);
  const attributes: Record<string, string> = { ...user.attributes, email, email_verified: 'true' };
  const inserted = await repository.insertUser({
    pool: user.userType,
    username,
    sub,
    status: user.status ?? 'CONFIRMED',
    srpSalt: salt,
    srpVerifier: verifier,
    attributes: Object.fromEntries(
      Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    locale: user.locale ?? 'ja',
  });
  if (inserted) return { sub: inserted.sub, created: true };
  const raced = await repository.findUserByUsername(user.userType, username);
  if (!raced) throw new Error(`could not create identity user ${username}`);
  return { sub: raced.sub, created: false };
}

/**
 * Turns a user's two-factor sign-in off and forgets its secret (an organization administrator
 * resetting a member who lost the phone). The user signs in with the password alone and can set
 * it up again. False when the user had none (or does not exist).
 */
export async function resetSecondFactor(db: Executor, userType: UserType, sub: string): Promise<boolean> {
  const repository = new IdentityRepository(db);
  const user = await repository.findUser(userType, sub);
  if (!user || user.sub !== sub || (!user.totpEnabled && !user.totpSecret)) return false;
  await repository.setTotpEnabled(user.id, false, new Date());
  return true;
}

/**
 * The same by the user's email (the operator's command for a company user without an
 * organization administrator, `cli/second-factor.ts`). False when no such user has it on.
 */
export async function resetSecondFactorByEmail(
  db: Executor,
  userType: UserType,
  email: string,
): Promise<boolean> {
  const user = await new IdentityRepository(db).findUserByUsername(userType, email.trim().toLowerCase());
  return user ? resetSecondFactor(db, userType, user.sub) : false;
}

/**
 * The embedded pools' second factors for the API (same database): who has one, and an
 * administrator's reset, which also ends the member's sessions (a lost phone may be in someone
 * else's hands, signed in) in the caller's transaction.
 */
export function embeddedSecondFactors(
  bus: Pick<EventBus, 'publish'>,
  clock: () => Date = () => new Date(),
): SecondFactors {
  return {
    available: true,
    async enabledAmong(db, pool, subs) {
      return new Set(await new IdentityRepository(db).subsWithTotp(pool, subs));
    },
    async isEnabled(db, pool, sub) {
      return (await new IdentityRepository(db).subsWithTotp(pool, [sub])).length === 1;
    },
    async reset(tx, pool, sub) {
      const repository = new IdentityRepository(tx);
      const user = await repository.findUser(pool, sub);
      if (!user || user.sub !== sub || !user.totpEnabled) return false;
      const now = clock();
      await repository.setTotpEnabled(user.id, false, now);
      await repository.revokeRefreshTokensOfUser(user.id, now);
      await bus.publish(tx, { topic: 'auth.sessionsEnded', id: sub });
      return true;
    },
  };
}
