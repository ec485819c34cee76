/**
 * The state and shared steps of the embedded identity service; each operation in ./operations
 * is a function of this service, the pool and the request body.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  passwordSchema,
  profileAttributesSchema,
  userTypes,
  type Locale,
  type UserType,
} from '@ipportal/domain';
import { codeMatches, generateCode, hashCode, type CodePurpose } from './codes.js';
import { IdentityError, incorrectCredentials, invalidAccessToken, invalidParameter } from './errors.js';
import { englishMessage } from './input.js';
import type { SigningKeyStore } from './keys.js';
import { SignInLockout, type LockoutStore } from './lockout.js';
import type { IdentityRepository, IdentityUser } from './repository.js';
import { resolvePools, type IdentitySettings, type PoolRuntime } from './settings.js';
import { computeVerifier, createPasswordVerifier, createServerEphemeral, padHex } from './srp.js';
import { hashOpaqueToken, issueTokens, newOpaqueToken } from './tokens.js';
import { embeddedJwtVerifier, keyStoreJwksCache } from './verifier.js';
import type { EventBus } from '../events/index.js';
import type { Executor } from '../db/client.js';
import type { QueuedMail } from '../mail/index.js';

/**
 * Where the service's mails go (templates `signupCode` and `passwordResetCode`, ja and en): the
 * app's mail outbox, written through `executor`, the transaction that stores the code, so a code
 * is mailed exactly when it is stored. No Fastify here: the app binds it to `app.jobs`.
 */
export interface IdentityMailer {
  queue(executor: Executor, mail: QueuedMail<'signupCode' | 'passwordResetCode'>): Promise<unknown>;
}

export interface IdentityLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What an operation knows about the HTTP request. */
export interface RequestInfo {
  ip: string;
  acceptLanguage: string | undefined;
}

export type OperationResult = Record<string, unknown>;

/** The profile attributes of a user (the sign-up form requires all of them). */
export const profileAttributeNames = [
  'name',
  'address',
  'email',
  'phone_number',
  'custom:region_code',
] as const;

export interface IdentityServiceDeps {
  repository: IdentityRepository;
  keys: SigningKeyStore;
  mailer: IdentityMailer;
  settings: IdentitySettings;
  logger?: IdentityLogger | undefined;
  clock?: (() => Date) | undefined;
  /** Told when every or one sign-in session of a user ends, so this process's cache of verified tokens drops them at once. */
  onSessionsEnded?: ((sub: string) => void) | undefined;
  /** Where sign-in failures are counted: the database (identity_sign_in_failures), shared by every process. */
  lockoutStore: LockoutStore;
  /** The app's event bus: tells every API process of ended sessions (auth.sessionsEnded) and new keys. */
  bus?: Pick<EventBus, 'publish'> | undefined;
}

export class IdentityService {
  readonly repository: IdentityRepository;
  readonly keys: SigningKeyStore;
  readonly mailer: IdentityMailer;
  readonly settings: IdentitySettings;
  readonly pools: Record<UserType, PoolRuntime>;
  readonly lockout: SignInLockout;
  readonly logger: IdentityLogger | undefined;
  private readonly clock: () => Date;
  private readonly onSessionsEnded: ((sub: string) => void) | undefined;
  private readonly bus: Pick<EventBus, 'publish'> | undefined;
  private readonly accessVerifiers: Record<UserType, ReturnType<typeof embeddedJwtVerifier>>;

  constructor(deps: IdentityServiceDeps) {
    this.repository = deps.repository;
    this.keys = deps.keys;
    this.mailer = deps.mailer;
    this.settings = deps.settings;
    this.logger = deps.logger;
    this.clock = deps.clock ?? (() => new Date());
    this.onSessionsEnded = deps.onSessionsEnded;
    this.bus = deps.bus;
    this.pools = resolvePools(deps.settings);
    this.lockout = new SignInLockout(deps.lockoutStore, deps.settings.lockout, () => this.clock().getTime());
    const jwksCache = keyStoreJwksCache(this.keys, this.pools);
    this.accessVerifiers = Object.fromEntries(
      userTypes.values.map((type) => [type, embeddedJwtVerifier(this.pools[type], 'access', jwksCache)]),
    ) as Record<UserType, ReturnType<typeof embeddedJwtVerifier>>;
  }

  now(): Date {
    return this.clock();
  }

  /** The ClientId of every request must be the pool's app client. */
  checkClient(pool: PoolRuntime, clientId: string): void {
    if (clientId !== pool.clientId)
      throw new IdentityError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }

  /** Lockout key of a user name in a pool: what was typed, normalised, so unknown names lock like real ones. */
  userKey(pool: PoolRuntime, username: string): string {
    return `${pool.userType}:${username.trim().toLowerCase()}`;
  }

  assertPasswordPolicy(password: string): void {
    const result = passwordSchema.safeParse(password);
    if (!result.success) {
      const reasons = [...new Set(result.error.issues.map((issue) => englishMessage(issue.message)))];
      throw new IdentityError(
        'InvalidPasswordException',
        `Password did not conform with policy: ${reasons.join('; ')}`,
      );
    }
  }

  /** Validates a full set of profile attributes (sign-up, invitation) and returns them trimmed. */
  validateProfile(attributes: Record<string, string>): Record<string, string> {
    const result = profileAttributesSchema.safeParse(attributes);
    if (!result.success) {
      const reasons = result.error.issues.map(
        (issue) => `${issue.path.join('.') || 'attributes'}: ${englishMessage(issue.message)}`,
      );
      throw invalidParameter(`Attributes did not conform to the schema: ${reasons.join('; ')}`);
    }
    return { ...result.data };
  }

  /** Salt and verifier of a password; the password itself is never kept. */
  passwordVerifier(pool: PoolRuntime, user: Pick<IdentityUser, 'sub'>, password: string) {
    const { salt, verifier } = createPasswordVerifier(pool.poolName, user.sub, password);
    return { srpSalt: salt, srpVerifier: verifier };
  }

  /** Compares a password with the stored verifier in constant time. */
  passwordMatches(
    pool: PoolRuntime,
    user: Pick<IdentityUser, 'sub' | 'srpSalt' | 'srpVerifier'>,
    password: string,
  ): boolean {
    const expected = Buffer.from(padHex(BigInt(`0x${user.srpVerifier}`)), 'hex');
    const actual = Buffer.from(
      padHex(BigInt(`0x${computeVerifier(pool.poolName, user.sub, password, user.srpSalt)}`)),
      'hex',
    );
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /** A stand-in user for a name that does not exist: stable per name, so repeated probes look alike. */
  decoyUser(pool: PoolRuntime, username: string): Pick<IdentityUser, 'sub' | 'srpSalt' | 'srpVerifier'> {
    const mac = (label: string) =>
      createHmac('sha256', this.keys.decoySecret(pool.userType))
        .update(`${label}:${this.userKey(pool, username)}`)
        .digest();
    const id = mac('sub');
    id[6] = (id[6]! & 0x0f) | 0x40;
    id[8] = (id[8]! & 0x3f) | 0x80;
    const hex = id.subarray(0, 16).toString('hex');
    const sub = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
    return {
      sub,
      srpSalt: mac('salt').subarray(0, 16).toString('hex'),
      srpVerifier: mac('verifier').toString('hex'),
    };
  }

  /** Starts an SRP exchange for a real user: B, a secret block and a single-use session. */
  async startPasswordVerifier(user: IdentityUser, clientId: string, srpA: string): Promise<OperationResult> {
    const ephemeral = createServerEphemeral(user.srpVerifier);
    const secretBlock = randomBytes(64).toString('base64');
    const session = await this.repository.insertSession({
      userId: user.id,
      clientId,
      challenge: 'PASSWORD_VERIFIER',
      srpA,
      srpB: ephemeral.public,
      srpBPrivate: ephemeral.secret,
      secretBlock,
      expiresAt: this.expiresIn(this.settings.challengeTtlSeconds),
    });
    return passwordVerifierChallenge(session.id, user.srpSalt, ephemeral.public, secretBlock, user.sub);
  }

  /**
   * The same answer for a user name that does not exist, computed the same way and stored the
   * same way (a session row, with the lockout key instead of a user), so its answer fails like a
   * wrong password on any process.
   */
  async startDecoyPasswordVerifier(
    pool: PoolRuntime,
    username: string,
    clientId: string,
  ): Promise<OperationResult> {
    const decoy = this.decoyUser(pool, username);
    const ephemeral = createServerEphemeral(decoy.srpVerifier);
    const session = await this.repository.insertSession({
      userId: null,
      decoyKey: this.userKey(pool, username),
      clientId,
      challenge: 'PASSWORD_VERIFIER',
      expiresAt: this.expiresIn(this.settings.challengeTtlSeconds),
    });
    return passwordVerifierChallenge(
      session.id,
      decoy.srpSalt,
      ephemeral.public,
      randomBytes(64).toString('base64'),
      decoy.sub,
    );
  }

  /**
   * After the password was proven: refuses unconfirmed users, asks invited users for a new
   * password, asks users with two-factor sign-in for a code, and otherwise signs the user in.
   */
  async afterPasswordVerified(
    pool: PoolRuntime,
    user: IdentityUser,
    clientId: string,
  ): Promise<OperationResult> {
    if (user.status === 'CONFIRMED' && user.totpEnabled) {
      // The failure count stays until the code is right: the password alone must not reset the
      // lockout, or someone who knows it could guess codes without end.
      const session = await this.repository.insertSession({
        userId: user.id,
        clientId,
        challenge: 'SOFTWARE_TOKEN_MFA',
        expiresAt: this.expiresIn(this.settings.challengeTtlSeconds),
      });
      return {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session.id,
        ChallengeParameters: { USER_ID_FOR_SRP: user.sub },
      };
    }
    await this.lockout.recordSuccess(this.userKey(pool, user.username));
    if (user.status === 'UNCONFIRMED')
      throw new IdentityError('UserNotConfirmedException', 'User is not confirmed.');
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const session = await this.repository.insertSession({
        userId: user.id,
        clientId,
        challenge: 'NEW_PASSWORD_REQUIRED',
        expiresAt: this.expiresIn(this.settings.challengeTtlSeconds),
      });
      const { email_verified: _verified, ...visible } = user.attributes;
      const required = profileAttributeNames.filter(
        (name) => name !== 'email' && !user.attributes[name]?.trim(),
      );
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session.id,
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.sub,
          userAttributes: JSON.stringify(visible),
          requiredAttributes: JSON.stringify(required.map((name) => `userAttributes.${name}`)),
        },
      };
    }
    return { ChallengeParameters: {}, AuthenticationResult: await this.signIn(pool, user, clientId) };
  }

  /** Issues ID, access and refresh tokens for a new sign-in session. */
  async signIn(pool: PoolRuntime, user: IdentityUser, clientId: string): Promise<Record<string, unknown>> {
    const now = this.clock();
    const refreshToken = newOpaqueToken();
    const originJti = randomUUID();
    await this.repository.insertRefreshToken({
      tokenHash: hashOpaqueToken(refreshToken),
      userId: user.id,
      clientId,
      originJti,
      expiresAt: this.expiresIn(this.settings.refreshTokenTtlSeconds),
      createdAt: now,
    });
    const tokens = this.issue(pool, user, originJti, Math.floor(now.getTime() / 1000));
    return { ...tokens, RefreshToken: refreshToken };
  }

  /** ID and access tokens; `authTime` is the sign-in's, kept across refreshes. */
  issue(pool: PoolRuntime, user: IdentityUser, originJti: string, authTime: number): Record<string, unknown> {
    const { email, email_verified: emailVerified, ...attributes } = user.attributes;
    const tokens = issueTokens(
      {
        sub: user.sub,
        email: email ?? user.username,
        emailVerified: emailVerified === 'true',
        attributes: { ...attributes, locale: user.locale },
      },
      {
        issuer: pool.issuer,
        clientId: pool.clientId,
        authTime,
        originJti,
        now: Math.floor(this.clock().getTime() / 1000),
        accessTokenTtlSeconds: this.settings.accessTokenTtlSeconds,
        idTokenTtlSeconds: this.settings.idTokenTtlSeconds,
      },
      this.keys.current(pool.userType),
    );
    return {
      AccessToken: tokens.accessToken,
      IdToken: tokens.idToken,
      ExpiresIn: this.settings.accessTokenTtlSeconds,
      TokenType: 'Bearer',
    };
  }

  /** The user an access token belongs to; refuses forged, expired, foreign and revoked tokens. */
  async userOfAccessToken(pool: PoolRuntime, accessToken: string): Promise<IdentityUser> {
    return (await this.accessTokenOf(pool, accessToken)).user;
  }

  /** The user of an access token and when the sign-in it comes from happened (`auth_time`, seconds). */
  async accessTokenOf(
    pool: PoolRuntime,
    accessToken: string,
  ): Promise<{ user: IdentityUser; authTime: number }> {
    let payload: Record<string, unknown>;
    try {
      payload = await this.accessVerifiers[pool.userType].verify(accessToken);
    } catch {
      throw invalidAccessToken();
    }
    if (
      typeof payload.origin_jti !== 'string' ||
      (await this.repository.isOriginRevoked(payload.origin_jti))
    ) {
      throw new IdentityError('NotAuthorizedException', 'Access Token has been revoked');
    }
    const user =
      typeof payload.sub === 'string'
        ? await this.repository.findUser(pool.userType, payload.sub)
        : undefined;
    if (!user || user.sub !== payload.sub)
      throw new IdentityError('NotAuthorizedException', 'User does not exist.');
    return { user, authTime: typeof payload.auth_time === 'number' ? payload.auth_time : 0 };
  }

  /** Refuses a change that needs a fresh sign-in (turning two-factor off, replacing its secret). */
  requireRecentSignIn(authTime: number): void {
    const ageSeconds = this.clock().getTime() / 1000 - authTime;
    if (ageSeconds > this.settings.recentSignInSeconds) {
      throw new IdentityError(
        'NotAuthorizedException',
        'A recent sign-in is required to change two-factor sign-in: sign in again.',
      );
    }
  }

  /**
   * Mails a fresh code (earlier ones stop working), within the resend limits. The code and its
   * mail are written in one transaction (`repository` may be bound to the caller's, as at sign-up).
   */
  async sendCode(
    user: IdentityUser,
    purpose: CodePurpose,
    locale: Locale | undefined,
    repository: IdentityRepository = this.repository,
  ): Promise<OperationResult> {
    const policy = this.settings.codes;
    const now = this.clock();
    const to = user.attributes.email ?? user.username;
    const language = locale ?? user.locale;
    await repository.transaction(async (codes, tx) => {
      const recent = await codes.codesSentSince(user.id, purpose, new Date(now.getTime() - 60 * 60 * 1000));
      const last = recent[0];
      if (
        recent.length >= policy.maxSendsPerHour ||
        (last !== undefined && now.getTime() - last.createdAt.getTime() < policy.resendIntervalSeconds * 1000)
      ) {
        throw new IdentityError(
          'LimitExceededException',
          'Attempt limit exceeded, please try after some time.',
        );
      }
      const code = generateCode();
      await codes.replaceCode(
        user.id,
        purpose,
        hashCode(code),
        this.expiresIn(policy.ttlSeconds[purpose]),
        now,
      );
      await this.mailer.queue(
        tx,
        purpose === 'signup'
          ? { to, locale: language, template: 'signupCode', params: { code, name: user.attributes.name } }
          : { to, locale: language, template: 'passwordResetCode', params: { code } },
      );
    });
    this.logger?.info({ pool: user.pool, userId: user.id, purpose }, 'identity code queued');
    return codeDelivery(to);
  }

  /** Checks a code: wrong guesses count, the last allowed one kills the code, a right one is used up. */
  async consumeCode(
    user: IdentityUser | undefined,
    purpose: CodePurpose,
    code: string,
  ): Promise<IdentityUser> {
    const active = user ? await this.repository.activeCode(user.id, purpose) : undefined;
    const now = this.clock();
    if (!active || active.expiresAt <= now) {
      throw new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    if (!/^\d{6}$/.test(code) || !codeMatches(code, active.codeHash)) {
      const attempts = await this.repository.countCodeAttempt(active.id);
      if (attempts >= this.settings.codes.maxAttempts) {
        await this.repository.consumeCode(active.id, now);
        throw new IdentityError(
          'LimitExceededException',
          'Attempt limit exceeded, please try after some time.',
        );
      }
      throw new IdentityError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      );
    }
    if (!user || !(await this.repository.consumeCode(active.id, now))) {
      throw new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    return user;
  }

  /** The answer to a wrong password, after counting it. */
  async failSignIn(userKey: string, request: RequestInfo): Promise<never> {
    await this.lockout.recordFailure(userKey, request.ip);
    throw incorrectCredentials();
  }

  /**
   * Revokes every refresh token of a user (and so the tokens issued from them). The signal to
   * the other API processes commits with the revocation: each drops the user's verified tokens,
   * and its next verification finds the session revoked.
   */
  async endAllSessions(user: IdentityUser): Promise<void> {
    const now = this.clock();
    await this.repository.transaction(async (repository, tx) => {
      await repository.revokeRefreshTokensOfUser(user.id, now);
      await this.bus?.publish(tx, { topic: 'auth.sessionsEnded', id: user.sub });
    });
    this.onSessionsEnded?.(user.sub);
  }

  /** Revokes one sign-in session (signalled to every process like `endAllSessions`). */
  async endSession(user: IdentityUser | undefined, originJti: string): Promise<void> {
    const now = this.clock();
    await this.repository.transaction(async (repository, tx) => {
      await repository.revokeRefreshTokensOfOrigin(originJti, now);
      if (user) await this.bus?.publish(tx, { topic: 'auth.sessionsEnded', id: user.sub });
    });
    if (user) this.onSessionsEnded?.(user.sub);
  }

  expiresIn(seconds: number): Date {
    return new Date(this.clock().getTime() + seconds * 1000);
  }

  async housekeeping(): Promise<void> {
    await this.repository.deleteExpired(this.clock());
    await this.lockout.housekeeping();
  }
}

function passwordVerifierChallenge(
  session: string,
  salt: string,
  srpB: string,
  secretBlock: string,
  userId: string,
): OperationResult {
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: salt,
      SRP_B: srpB,
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: userId,
      USERNAME: userId,
    },
  };
}

/** Cognito masks the address it sent to: first letter, then `***@` and the domain's first letter. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function codeDelivery(email: string): OperationResult {
  return {
    CodeDeliveryDetails: { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
  };
}
