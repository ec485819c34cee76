import {
  normalizeEmail,
  normalizePhoneNumber,
  userTypes,
  type ProfileAttributes,
  type UserType,
} from '@ipportal/domain';
import type { ClientMetadata, CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js';
import * as cognito from './cognito-calls.js';
import type { CodeDelivery, NewPasswordRequired, SignUpResult, TotpRequired } from './cognito-calls.js';
import { userTypeStorageKey, type AuthConfig } from './config.js';
import { AuthError } from './errors.js';
import { AuthMessage } from './messages.js';
import { toAuthSession, type AuthSession } from './session.js';
import { SessionEvents } from './session-events.js';
import { defaultStorage, type AuthStorage } from './storage.js';
import { UserPools, type SignedInUser } from './user-pools.js';

export type SignInResult = { status: 'signedIn'; session: AuthSession } | NewPasswordRequired | TotpRequired;

/** What an authenticator app needs: the secret to type, and the `otpauth://` URI a QR code carries. */
export interface TotpSetup {
  secret: string;
  uri: string;
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

/**
 * The email address and phone number as the identity pool keeps them: typed in full width (a
 * Japanese keyboard) they are sent in their half-width forms, so one address is one account.
 */
function normalizedAttributes<A extends Partial<ProfileAttributes>>(attributes: A): A {
  return {
    ...attributes,
    ...(attributes.email === undefined ? {} : { email: normalizeEmail(attributes.email) }),
    ...(attributes.phone_number === undefined
      ? {}
      : { phone_number: normalizePhoneNumber(attributes.phone_number) }),
  };
}

function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (userTypes.values as readonly string[]).includes(value);
}

/**
 * The portal's sign-in, sign-up and session handling over amazon-cognito-identity-js, one user
 * pool per user type. Works unchanged against AWS Cognito and the API's embedded identity
 * service. Every method rejects with an `AuthError` carrying an i18n key.
 *
 * The library's callbacks are wrapped in cognito-calls.ts, the pools and the one-session-per-person
 * rule live in user-pools.ts, and `onChange` notifications in session-events.ts; this class keeps
 * the state between calls (the pending new-password challenge, shared in-flight session checks).
 */
export class AuthClient {
  private readonly storage: AuthStorage;
  private readonly pools: UserPools;
  private readonly events = new SessionEvents();
  private pendingChallenge: CognitoUser | null = null;
  private sessionInFlight: Promise<AuthSession | null> | null = null;
  private refreshInFlight: Promise<AuthSession | null> | null = null;

  constructor(private readonly config: AuthConfig) {
    this.storage = config.storage ?? defaultStorage();
    this.pools = new UserPools(config.pools, this.storage);
  }

  /** The user type chosen at the last sign-in or sign-up (or derived from the restored session), if any. */
  getUserType(): UserType | null {
    const stored = this.storage.getItem(userTypeStorageKey);
    return isUserType(stored) ? stored : null;
  }

  async signUp(userType: UserType, attributes: ProfileAttributes, password: string): Promise<SignUpResult> {
    const pool = this.pools.pool(userType);
    const normalized = normalizedAttributes(attributes);
    const username = normalized.email;
    const list = cognito.toAttributeList(normalized);
    const result = await cognito.signUp(pool, username, password, list, this.clientMetadata());
    this.rememberUserType(userType);
    return result;
  }

  async confirmSignUp(userType: UserType, email: string, code: string): Promise<void> {
    await cognito.confirmRegistration(this.pools.user(userType, email), code, this.clientMetadata());
  }

  /** Sends a new sign-up confirmation code. */
  async resendCode(userType: UserType, email: string): Promise<CodeDelivery | null> {
    return cognito.resendConfirmationCode(this.pools.user(userType, email), this.clientMetadata());
  }

  async signIn(userType: UserType, email: string, password: string): Promise<SignInResult> {
    const user = this.pools.user(userType, email);
    this.pendingChallenge = null;
    const outcome = await cognito.authenticate(user, email, password, this.clientMetadata());
    if (outcome.status !== 'signedIn') {
      this.pendingChallenge = user;
      this.rememberUserType(userType);
      return outcome;
    }
    return { status: 'signedIn', session: this.signedIn(outcome.session) };
  }

  /**
   * Answers the two-factor challenge of the last `signIn` with the authenticator app's 6-digit
   * code. A wrong code can be corrected and sent again without the password (for 3 minutes).
   */
  async confirmSignInCode(code: string): Promise<AuthSession> {
    const user = this.pendingChallenge;
    if (!user) throw new AuthError(AuthMessage.noPendingChallenge);
    const session = await cognito.sendTotpCode(user, code, this.clientMetadata());
    this.pendingChallenge = null;
    return this.signedIn(session);
  }

  /** Whether the signed-in user signs in with a code from an authenticator app (asked of the service). */
  async hasTotp(): Promise<boolean> {
    const current = await this.currentUser();
    if (!current) throw new AuthError(AuthMessage.notLoggedIn);
    return cognito.hasSoftwareTokenMfa(current.user);
  }

  /**
   * Starts turning two-factor sign-in on: a new secret for the authenticator app, named in the
   * app as `issuer` and the user's email. Nothing changes until `confirmTotpSetup`.
   */
  async startTotpSetup(issuer: string): Promise<TotpSetup> {
    const current = await this.currentUser();
    if (!current) throw new AuthError(AuthMessage.notLoggedIn);
    const secret = await cognito.associateSoftwareToken(current.user);
    const email = toAuthSession(current.session, this.config.pools).email;
    return { secret, uri: totpUri(issuer, email, secret) };
  }

  /** Proves the new secret with a code from the app and turns two-factor sign-in on. */
  async confirmTotpSetup(code: string, deviceName = 'authenticator'): Promise<void> {
    const current = await this.currentUser();
    if (!current) throw new AuthError(AuthMessage.notLoggedIn);
    await cognito.verifySoftwareToken(current.user, code, deviceName);
    await cognito.setSoftwareTokenMfa(current.user, true);
  }

  /**
   * Turns two-factor sign-in off. The user proves both factors again first (the service
   * refuses this change without a fresh sign-in); the session that sign-in replaced is ended.
   */
  async disableTotp(password: string, code: string): Promise<void> {
    const previous = await this.currentUser();
    if (!previous) throw new AuthError(AuthMessage.notLoggedIn);
    const session = toAuthSession(previous.session, this.config.pools);
    const user = this.pools.user(session.userType, session.email);
    const outcome = await cognito.authenticate(user, session.email, password, this.clientMetadata());
    if (outcome.status === 'newPasswordRequired') throw new AuthError(AuthMessage.passwordResetRequired);
    if (outcome.status === 'totpRequired') await cognito.sendTotpCode(user, code, this.clientMetadata());
    await cognito.setSoftwareTokenMfa(user, false);
    cognito.revokeTokens(previous.user);
  }

  /** Answers the NEW_PASSWORD_REQUIRED challenge of the last `signIn`. */
  async completeNewPassword(newPassword: string, attributes: EditableAttributes = {}): Promise<AuthSession> {
    const user = this.pendingChallenge;
    if (!user) throw new AuthError(AuthMessage.noPendingChallenge);
    const session = await cognito.completeNewPasswordChallenge(
      user,
      newPassword,
      normalizedAttributes(attributes),
      this.clientMetadata(),
    );
    this.pendingChallenge = null;
    return this.signedIn(session);
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
      await cognito.globalSignOut(current.user);
    } catch (error) {
      // An already revoked or expired session is signed out as far as the service is concerned.
      if (!(error instanceof AuthError && error.code === 'NotAuthorizedException')) throw error;
    } finally {
      current.user.signOut();
      this.events.announce(null);
    }
  }

  /** Checks the old password by signing in with it, then changes to the new one. */
  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    const previous = await this.currentUser();
    if (!previous) throw new AuthError(AuthMessage.notLoggedIn);
    const session = toAuthSession(previous.session, this.config.pools);
    if (!session.email) throw new AuthError(AuthMessage.attributeDoesNotExist);
    const user = this.pools.user(session.userType, session.email);
    const outcome = await cognito.authenticate(user, session.email, oldPassword, this.clientMetadata());
    if (outcome.status !== 'signedIn') throw new AuthError(AuthMessage.passwordResetRequired);
    await cognito.changePassword(user, oldPassword, newPassword, this.clientMetadata());
    // The sign-in above replaced the stored session; end the one it replaced (best effort).
    cognito.revokeTokens(previous.user);
  }

  /** Mails a password-reset code. */
  async forgotPassword(userType: UserType, email: string): Promise<CodeDelivery | null> {
    return cognito.forgotPassword(this.pools.user(userType, email), this.clientMetadata());
  }

  /** Sets a new password with the code from the reset mail. */
  async forgotPasswordSubmit(
    userType: UserType,
    email: string,
    code: string,
    newPassword: string,
  ): Promise<void> {
    await cognito.confirmPassword(this.pools.user(userType, email), code, newPassword, this.clientMetadata());
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
    const list = cognito
      .toAttributeList(normalizedAttributes(attributes))
      .filter((attribute) => profileAttributeNames.includes(attribute.Name as ProfileAttributeName));
    await cognito.updateAttributes(current.user, list, this.clientMetadata());
    // The ID token carries the attributes: renew it so the app sees the change at once.
    const session = toAuthSession(
      await cognito.refreshTokens(current.user, current.session),
      this.config.pools,
    );
    this.events.announce(session, true);
    return session;
  }

  /**
   * Calls `listener` after every sign-in, sign-out, attribute change, and whenever a session
   * check finds the session gone (expired, revoked) or another user. Returns the unsubscribe.
   */
  onChange(listener: (session: AuthSession | null) => void): () => void {
    return this.events.subscribe(listener);
  }

  /** New tokens through the refresh token even if the current ones look valid; null when the service refuses. */
  private async refreshSession(): Promise<AuthSession | null> {
    const current = await this.currentUser();
    if (!current) {
      this.events.announce(null);
      return null;
    }
    let refreshed: CognitoUserSession;
    try {
      refreshed = await cognito.refreshTokens(current.user, current.session);
    } catch (error) {
      // The library has dropped the stored tokens: the session is over (revoked or expired).
      if (error instanceof AuthError && error.code === 'NotAuthorizedException') {
        this.events.announce(null);
        return null;
      }
      throw error;
    }
    const session = toAuthSession(refreshed, this.config.pools);
    if (session.userType !== current.userType) throw new AuthError(AuthMessage.invalidUserPool);
    this.events.announce(session);
    return session;
  }

  private async loadSession(): Promise<AuthSession | null> {
    const current = await this.currentUser();
    if (!current) {
      this.events.announce(null);
      return null;
    }
    const session = toAuthSession(current.session, this.config.pools);
    if (session.userType !== current.userType) throw new AuthError(AuthMessage.invalidUserPool);
    this.rememberUserType(session.userType);
    this.events.announce(session);
    return session;
  }

  /** A sign-in completed: one session per person, the user type remembered, listeners told. */
  private signedIn(session: CognitoUserSession): AuthSession {
    const authSession = toAuthSession(session, this.config.pools);
    this.pools.forgetOthers(authSession.userType);
    this.rememberUserType(authSession.userType);
    this.events.announce(authSession, true);
    return authSession;
  }

  private currentUser(): Promise<SignedInUser | null> {
    return this.pools.currentUser(this.getUserType());
  }

  private rememberUserType(userType: UserType): void {
    this.storage.setItem(userTypeStorageKey, userType);
  }

  private clientMetadata(): ClientMetadata {
    const locale = this.config.locale?.();
    return locale ? { locale } : undefined;
  }
}

/** The Key URI Format authenticator apps read from a QR code (SHA-1, 6 digits, 30 s: the service's parameters). */
function totpUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = `secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
  return `otpauth://totp/${label}?${query}`;
}

export function createAuthClient(config: AuthConfig): AuthClient {
  return new AuthClient(config);
}
