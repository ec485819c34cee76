import { userTypes, type ProfileAttributes, type UserType } from '@ipportal/domain';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type ClientMetadata,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { userTypeStorageKey, type AuthConfig } from './config.js';
import { AuthError, toAuthError } from './errors.js';
import { AuthMessage } from './messages.js';
import { toAuthSession, type AuthSession } from './session.js';
import { defaultStorage, type AuthStorage } from './storage.js';

/** Where a code was sent (the address is masked by the service, e.g. `d***@e***`). */
export interface CodeDelivery {
  destination: string;
  medium: string;
  attributeName: string;
}

export interface SignUpResult {
  userSub: string;
  /** False until the code from the mail is confirmed. */
  userConfirmed: boolean;
  codeDelivery: CodeDelivery | null;
}

export type SignInResult =
  | { status: 'signedIn'; session: AuthSession }
  /** An invited user signs in with a temporary password and must choose a new one: call `completeNewPassword`. */
  | { status: 'newPasswordRequired'; userAttributes: Record<string, string>; requiredAttributes: string[] };

/** `revokeTokens` exists in amazon-cognito-identity-js 6.x but is missing from its type declarations. */
interface RevocableUser {
  revokeTokens(callback: (error?: Error) => void): void;
}

/** Attributes a user may change with `updateAttributes` (the email is the user name and stays). */
export type EditableAttributes = Partial<Omit<ProfileAttributes, 'email'>>;

type ProfileAttributeName = keyof ProfileAttributes;
const profileAttributeNames: readonly ProfileAttributeName[] = [
  'name',
  'address',
  'email',
  'phone_number',
  'custom:region_code',
];

function toCodeDelivery(details: unknown): CodeDelivery | null {
  if (typeof details !== 'object' || details === null) return null;
  const { Destination, DeliveryMedium, AttributeName } = details as Record<string, unknown>;
  return {
    destination: typeof Destination === 'string' ? Destination : '',
    medium: typeof DeliveryMedium === 'string' ? DeliveryMedium : 'EMAIL',
    attributeName: typeof AttributeName === 'string' ? AttributeName : 'email',
  };
}

function toAttributeList(attributes: Partial<Record<string, string>>): CognitoUserAttribute[] {
  return Object.entries(attributes).flatMap(([Name, Value]) =>
    Value === undefined ? [] : [new CognitoUserAttribute({ Name, Value: Value.trim() })],
  );
}

function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (userTypes.values as readonly string[]).includes(value);
}

/**
 * The portal's sign-in, sign-up and session handling over amazon-cognito-identity-js, one user
 * pool per user type. Works unchanged against AWS Cognito and the API's embedded identity
 * service. Every method rejects with an `AuthError` carrying an i18n key.
 */
export class AuthClient {
  private readonly storage: AuthStorage;
  private readonly pools = new Map<UserType, CognitoUserPool>();
  private pendingChallenge: CognitoUser | null = null;
  private sessionInFlight: Promise<AuthSession | null> | null = null;
  private refreshInFlight: Promise<AuthSession | null> | null = null;
  private readonly listeners = new Set<(session: AuthSession | null) => void>();
  /** `userType:sub` of the session last announced; undefined until the first one is known. */
  private announced: string | null | undefined = undefined;

  constructor(private readonly config: AuthConfig) {
    this.storage = config.storage ?? defaultStorage();
  }

  /** The user type chosen at the last sign-in or sign-up (or derived from the restored session), if any. */
  getUserType(): UserType | null {
    const stored = this.storage.getItem(userTypeStorageKey);
    return isUserType(stored) ? stored : null;
  }

  async signUp(userType: UserType, attributes: ProfileAttributes, password: string): Promise<SignUpResult> {
    const pool = this.pool(userType);
    const username = attributes.email.trim();
    const list = toAttributeList({ ...attributes, email: username });
    const result = await new Promise<SignUpResult>((resolve, reject) => {
      pool.signUp(
        username,
        password,
        list,
        [],
        (error, data) => {
          if (error || !data) return reject(toAuthError(error));
          resolve({
            userSub: data.userSub,
            userConfirmed: data.userConfirmed,
            codeDelivery: toCodeDelivery(data.codeDeliveryDetails),
          });
        },
        this.clientMetadata(),
      );
    });
    this.rememberUserType(userType);
    return result;
  }

  async confirmSignUp(userType: UserType, email: string, code: string): Promise<void> {
    const user = this.user(userType, email);
    await new Promise<void>((resolve, reject) => {
      user.confirmRegistration(
        code.trim(),
        false,
        (error: unknown) => (error ? reject(toAuthError(error)) : resolve()),
        this.clientMetadata(),
      );
    });
  }

  /** Sends a new sign-up confirmation code. */
  async resendCode(userType: UserType, email: string): Promise<CodeDelivery | null> {
    const user = this.user(userType, email);
    return new Promise((resolve, reject) => {
      user.resendConfirmationCode((error, data: unknown) => {
        if (error) return reject(toAuthError(error));
        resolve(toCodeDelivery((data as { CodeDeliveryDetails?: unknown } | undefined)?.CodeDeliveryDetails));
      }, this.clientMetadata());
    });
  }

  async signIn(userType: UserType, email: string, password: string): Promise<SignInResult> {
    const user = this.user(userType, email);
    this.pendingChallenge = null;
    const outcome = await this.authenticate(user, email, password);
    if (outcome.status === 'newPasswordRequired') {
      this.pendingChallenge = user;
      this.rememberUserType(userType);
      return outcome;
    }
    this.forgetOtherPools(userType);
    this.rememberUserType(userType);
    const session = toAuthSession(outcome.session, this.config.pools);
    this.announce(session, true);
    return { status: 'signedIn', session };
  }

  /** Answers the NEW_PASSWORD_REQUIRED challenge of the last `signIn`. */
  async completeNewPassword(newPassword: string, attributes: EditableAttributes = {}): Promise<AuthSession> {
    const user = this.pendingChallenge;
    if (!user) throw new AuthError(AuthMessage.noPendingChallenge);
    const session = await new Promise<CognitoUserSession>((resolve, reject) => {
      user.completeNewPasswordChallenge(
        newPassword,
        Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined)),
        {
          onSuccess: resolve,
          onFailure: (error: unknown) => reject(toAuthError(error)),
          newPasswordRequired: () => reject(new AuthError(AuthMessage.invalidPassword)),
        },
        this.clientMetadata(),
      );
    });
    this.pendingChallenge = null;
    const authSession = toAuthSession(session, this.config.pools);
    this.forgetOtherPools(authSession.userType);
    this.rememberUserType(authSession.userType);
    this.announce(authSession, true);
    return authSession;
  }

  /**
   * Signs out everywhere (GlobalSignOut: every refresh token of the user stops working). The
   * local session is cleared even when the service cannot be reached; that error is rethrown.
   */
  async signOut(): Promise<void> {
    this.pendingChallenge = null;
    const current = await this.currentUser().catch(() => null);
    this.storage.removeItem(userTypeStorageKey);
    if (!current) return;
    try {
      await new Promise<void>((resolve, reject) => {
        current.user.globalSignOut({
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toAuthError(error)),
        });
      });
    } catch (error) {
      // An already revoked or expired session is signed out as far as the service is concerned.
      if (!(error instanceof AuthError && error.code === 'NotAuthorizedException')) throw error;
    } finally {
      current.user.signOut();
      this.announce(null);
    }
  }

  /** Checks the old password by signing in with it, then changes to the new one. */
  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    const previous = await this.currentUser();
    if (!previous) throw new AuthError(AuthMessage.notLoggedIn);
    const session = toAuthSession(previous.session, this.config.pools);
    if (!session.email) throw new AuthError(AuthMessage.attributeDoesNotExist);
    const user = this.user(session.userType, session.email);
    const outcome = await this.authenticate(user, session.email, oldPassword);
    if (outcome.status !== 'signedIn') throw new AuthError(AuthMessage.passwordResetRequired);
    await new Promise<void>((resolve, reject) => {
      user.changePassword(
        oldPassword,
        newPassword,
        (error) => (error ? reject(toAuthError(error)) : resolve()),
        this.clientMetadata(),
      );
    });
    // The sign-in above replaced the stored session; end the one it replaced (best effort).
    (previous.user as CognitoUser & RevocableUser).revokeTokens(() => undefined);
  }

  /** Mails a password-reset code. */
  async forgotPassword(userType: UserType, email: string): Promise<CodeDelivery | null> {
    const user = this.user(userType, email);
    return new Promise((resolve, reject) => {
      user.forgotPassword(
        {
          onSuccess: (data: unknown) =>
            resolve(
              toCodeDelivery((data as { CodeDeliveryDetails?: unknown } | undefined)?.CodeDeliveryDetails),
            ),
          onFailure: (error) => reject(toAuthError(error)),
        },
        this.clientMetadata(),
      );
    });
  }

  /** Sets a new password with the code from the reset mail. */
  async forgotPasswordSubmit(
    userType: UserType,
    email: string,
    code: string,
    newPassword: string,
  ): Promise<void> {
    const user = this.user(userType, email);
    await new Promise<void>((resolve, reject) => {
      user.confirmPassword(
        code.trim(),
        newPassword,
        { onSuccess: () => resolve(), onFailure: (error) => reject(toAuthError(error)) },
        this.clientMetadata(),
      );
    });
  }

  /**
   * The current session, refreshed through the refresh token when its tokens have expired; null
   * when nobody is signed in or the session cannot be renewed. The user type comes from the
   * token's issuer and is stored again. `forceRefresh` renews the tokens even if they look
   * valid (e.g. after the API refused one); a refused refresh token ends the session.
   */
  currentSession(options: { forceRefresh?: boolean } = {}): Promise<AuthSession | null> {
    // Many API calls ask at once when a page loads; they share one refresh.
    if (options.forceRefresh) {
      this.refreshInFlight ??= this.refreshSession().finally(() => {
        this.refreshInFlight = null;
      });
      return this.refreshInFlight;
    }
    this.sessionInFlight ??= this.loadSession().finally(() => {
      this.sessionInFlight = null;
    });
    return this.sessionInFlight;
  }

  /** The session, or an AuthError "not logged in". */
  async requireSession(): Promise<AuthSession> {
    const session = await this.currentSession();
    if (!session) throw new AuthError(AuthMessage.notLoggedIn);
    return session;
  }

  /** The ID token for the API client's bearer header, or null when nobody is signed in. */
  async getIdToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
    return (await this.currentSession(options))?.idToken ?? null;
  }

  /** A profile attribute of the signed-in user, from the ID token. */
  async getAttribute(name: ProfileAttributeName): Promise<string> {
    const { claims } = await this.requireSession();
    const value = claims[name];
    if (typeof value !== 'string') throw new AuthError(AuthMessage.attributeDoesNotExist);
    return value;
  }

  /** Changes profile attributes in the identity service; returns the refreshed session carrying them. */
  async updateAttributes(attributes: EditableAttributes): Promise<AuthSession> {
    const current = await this.currentUser();
    if (!current) throw new AuthError(AuthMessage.notLoggedIn);
    const list = toAttributeList(attributes).filter((attribute) =>
      profileAttributeNames.includes(attribute.Name as ProfileAttributeName),
    );
    await new Promise<void>((resolve, reject) => {
      current.user.updateAttributes(
        list,
        (error) => (error ? reject(toAuthError(error)) : resolve()),
        this.clientMetadata(),
      );
    });
    // The ID token carries the attributes: renew it so the app sees the change at once.
    const session = toAuthSession(await refreshTokens(current.user, current.session), this.config.pools);
    this.announce(session, true);
    return session;
  }

  /**
   * Calls `listener` after every sign-in, sign-out, attribute change, and whenever a session
   * check finds the session gone (expired, revoked) or another user. Returns the unsubscribe.
   */
  onChange(listener: (session: AuthSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** New tokens through the refresh token even if the current ones look valid; null when the service refuses. */
  private async refreshSession(): Promise<AuthSession | null> {
    const current = await this.currentUser();
    if (!current) {
      this.announce(null);
      return null;
    }
    let refreshed: CognitoUserSession;
    try {
      refreshed = await refreshTokens(current.user, current.session);
    } catch (error) {
      // The library has dropped the stored tokens: the session is over (revoked or expired).
      if (error instanceof AuthError && error.code === 'NotAuthorizedException') {
        this.announce(null);
        return null;
      }
      throw error;
    }
    const session = toAuthSession(refreshed, this.config.pools);
    if (session.userType !== current.userType) throw new AuthError(AuthMessage.invalidUserPool);
    this.announce(session);
    return session;
  }

  private async loadSession(): Promise<AuthSession | null> {
    const current = await this.currentUser();
    if (!current) {
      this.announce(null);
      return null;
    }
    const session = toAuthSession(current.session, this.config.pools);
    if (session.userType !== current.userType) throw new AuthError(AuthMessage.invalidUserPool);
    this.rememberUserType(session.userType);
    this.announce(session);
    return session;
  }

  /** Tells the listeners about a new session state; unforced, only when the user changed (not on the first check). */
  private announce(session: AuthSession | null, force = false): void {
    const subject = session ? `${session.userType}:${session.sub}` : null;
    const first = this.announced === undefined;
    const changed = subject !== this.announced;
    this.announced = subject;
    if (!force && (first || !changed)) return;
    for (const listener of this.listeners) {
      try {
        listener(session);
      } catch (error) {
        // A faulty listener must not break sign-in or sign-out; report it without swallowing it.
        void Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  /** The signed-in CognitoUser with a valid (possibly just refreshed) session, from the stored user type's pool first. */
  private async currentUser(): Promise<{
    user: CognitoUser;
    session: CognitoUserSession;
    userType: UserType;
  } | null> {
    const stored = this.getUserType();
    const order = stored
      ? [stored, ...userTypes.values.filter((type) => type !== stored)]
      : [...userTypes.values];
    for (const userType of order) {
      const user = this.pool(userType).getCurrentUser();
      if (!user) continue;
      const session = await new Promise<CognitoUserSession | null>((resolve) => {
        user.getSession((error: Error | null, result: CognitoUserSession | null) =>
          resolve(error ? null : result),
        );
      });
      if (session?.isValid()) return { user, session, userType };
    }
    return null;
  }

  private authenticate(
    user: CognitoUser,
    email: string,
    password: string,
  ): Promise<
    | { status: 'signedIn'; session: CognitoUserSession }
    | Extract<SignInResult, { status: 'newPasswordRequired' }>
  > {
    const details = new AuthenticationDetails({
      Username: email.trim(),
      Password: password,
      ClientMetadata: this.clientMetadata() ?? {},
    });
    return new Promise((resolve, reject) => {
      user.authenticateUser(details, {
        onSuccess: (session) => resolve({ status: 'signedIn', session }),
        onFailure: (error: unknown) => reject(toAuthError(error)),
        newPasswordRequired: (userAttributes: unknown, requiredAttributes: unknown) => {
          const attributes = Object.fromEntries(
            Object.entries((userAttributes ?? {}) as Record<string, unknown>).filter(
              (entry): entry is [string, string] =>
                typeof entry[1] === 'string' && entry[0] !== 'email_verified',
            ),
          );
          resolve({
            status: 'newPasswordRequired',
            userAttributes: attributes,
            requiredAttributes: Array.isArray(requiredAttributes)
              ? requiredAttributes.filter((a): a is string => typeof a === 'string')
              : [],
          });
        },
        // The portal's pools use no MFA or custom challenges; should one appear, fail clearly.
        mfaRequired: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
        totpRequired: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
        customChallenge: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
        mfaSetup: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
        selectMFAType: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
      });
    });
  }

  private pool(userType: UserType): CognitoUserPool {
    let pool = this.pools.get(userType);
    if (!pool) {
      const config = this.config.pools[userType] as AuthConfig['pools'][UserType] | undefined;
      if (!config) throw new AuthError(AuthMessage.invalidUserPool);
      try {
        pool = new CognitoUserPool({
          UserPoolId: config.userPoolId,
          ClientId: config.clientId,
          ...(config.endpoint ? { endpoint: config.endpoint } : {}),
          Storage: this.storage,
        });
      } catch (error) {
        throw new AuthError(
          AuthMessage.invalidUserPool,
          null,
          error instanceof Error ? error.message : null,
          { cause: error },
        );
      }
      this.pools.set(userType, pool);
    }
    return pool;
  }

  private user(userType: UserType, email: string): CognitoUser {
    return new CognitoUser({ Username: email.trim(), Pool: this.pool(userType), Storage: this.storage });
  }

  private rememberUserType(userType: UserType): void {
    this.storage.setItem(userTypeStorageKey, userType);
  }

  /** One person, one session: signing in to one pool drops a session kept for the other. */
  private forgetOtherPools(userType: UserType): void {
    for (const other of userTypes.values) {
      if (other !== userType) this.pool(other).getCurrentUser()?.signOut();
    }
  }

  private clientMetadata(): ClientMetadata {
    const locale = this.config.locale?.();
    return locale ? { locale } : undefined;
  }
}

function refreshTokens(user: CognitoUser, session: CognitoUserSession): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.refreshSession(session.getRefreshToken(), (error: unknown, refreshed: CognitoUserSession | null) =>
      error || !refreshed ? reject(toAuthError(error)) : resolve(refreshed),
    );
  });
}

export function createAuthClient(config: AuthConfig): AuthClient {
  return new AuthClient(config);
}
