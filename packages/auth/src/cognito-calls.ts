/**
 * The amazon-cognito-identity-js calls the client makes, as promises. The library reports through
 * callbacks (some with several outcomes); each function here resolves with a typed result and
 * rejects with an `AuthError` (`toAuthError`), so the client reads as a sequence of awaits.
 * No state and no session policy: those are in client.ts, user-pools.ts and session-events.ts.
 */
import {
  AuthenticationDetails,
  CognitoUserAttribute,
  CognitoUserPool,
  type ClientMetadata,
  type CognitoUser,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { normalizeEmail, normalizeWidth } from '@ipportal/domain';
import type { UserPoolConfig } from './config.js';
import { AuthError, toAuthError } from './errors.js';
import { AuthMessage } from './messages.js';
import type { AuthStorage } from './storage.js';

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

/** An invited user signs in with a temporary password and must choose a new one: call `completeNewPassword`. */
export interface NewPasswordRequired {
  status: 'newPasswordRequired';
  userAttributes: Record<string, string>;
  requiredAttributes: string[];
}

/** A user with two-factor sign-in answered the password: call `confirmSignInCode` with the app's code. */
export interface TotpRequired {
  status: 'totpRequired';
}

/** `revokeTokens` exists in amazon-cognito-identity-js 6.x but is missing from its type declarations. */
interface RevocableUser {
  revokeTokens(callback: (error?: Error) => void): void;
}

function toCodeDelivery(details: unknown): CodeDelivery | null {
  if (typeof details !== 'object' || details === null) return null;
  const { Destination, DeliveryMedium, AttributeName } = details as Record<string, unknown>;
  return {
    destination: typeof Destination === 'string' ? Destination : '',
    medium: typeof DeliveryMedium === 'string' ? DeliveryMedium : 'EMAIL',
    attributeName: typeof AttributeName === 'string' ? AttributeName : 'email',
  };
}

/** The code delivery in the `{ CodeDeliveryDetails }` answer of a resend or a password reset. */
function codeDeliveryOf(data: unknown): CodeDelivery | null {
  return toCodeDelivery((data as { CodeDeliveryDetails?: unknown } | undefined)?.CodeDeliveryDetails);
}

/** Attributes as the library sends them: values trimmed, undefined ones left out. */
export function toAttributeList(attributes: Partial<Record<string, string>>): CognitoUserAttribute[] {
  return Object.entries(attributes).flatMap(([Name, Value]) =>
    Value === undefined ? [] : [new CognitoUserAttribute({ Name, Value: Value.trim() })],
  );
}

/** The library's pool; a malformed pool id or client id is an `invalidUserPool` AuthError. */
export function createUserPool(config: UserPoolConfig, storage: AuthStorage): CognitoUserPool {
  try {
    return new CognitoUserPool({
      UserPoolId: config.userPoolId,
      ClientId: config.clientId,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      Storage: storage,
    });
  } catch (error) {
    throw new AuthError(AuthMessage.invalidUserPool, null, error instanceof Error ? error.message : null, {
      cause: error,
    });
  }
}

export function signUp(
  pool: CognitoUserPool,
  username: string,
  password: string,
  attributes: CognitoUserAttribute[],
  metadata: ClientMetadata,
): Promise<SignUpResult> {
  return new Promise((resolve, reject) => {
    pool.signUp(
      username,
      password,
      attributes,
      [],
      (error, data) => {
        if (error || !data) return reject(toAuthError(error));
        resolve({
          userSub: data.userSub,
          userConfirmed: data.userConfirmed,
          codeDelivery: toCodeDelivery(data.codeDeliveryDetails),
        });
      },
      metadata,
    );
  });
}

export function confirmRegistration(
  user: CognitoUser,
  code: string,
  metadata: ClientMetadata,
): Promise<void> {
  return new Promise((resolve, reject) => {
    user.confirmRegistration(
      normalizeWidth(code),
      false,
      (error: unknown) => (error ? reject(toAuthError(error)) : resolve()),
      metadata,
    );
  });
}

export function resendConfirmationCode(
  user: CognitoUser,
  metadata: ClientMetadata,
): Promise<CodeDelivery | null> {
  return new Promise((resolve, reject) => {
    user.resendConfirmationCode((error, data: unknown) => {
      if (error) return reject(toAuthError(error));
      resolve(codeDeliveryOf(data));
    }, metadata);
  });
}

/** Signs in with a password: the new session, or the challenge of a user who must choose a new password. */
export function authenticate(
  user: CognitoUser,
  email: string,
  password: string,
  metadata: ClientMetadata,
): Promise<{ status: 'signedIn'; session: CognitoUserSession } | NewPasswordRequired | TotpRequired> {
  const details = new AuthenticationDetails({
    Username: normalizeEmail(email),
    Password: password,
    ClientMetadata: metadata ?? {},
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
      totpRequired: () => resolve({ status: 'totpRequired' }),
      // The portal's pools use no SMS MFA or custom challenges; should one appear, fail clearly.
      mfaRequired: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
      customChallenge: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
      mfaSetup: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
      selectMFAType: () => reject(new AuthError(AuthMessage.unknown, 'UnsupportedChallenge')),
    });
  });
}

/** Answers NEW_PASSWORD_REQUIRED; a second such challenge means the new password was not accepted. */
export function completeNewPasswordChallenge(
  user: CognitoUser,
  newPassword: string,
  attributes: Partial<Record<string, string>>,
  metadata: ClientMetadata,
): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.completeNewPasswordChallenge(
      newPassword,
      Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined)),
      {
        onSuccess: resolve,
        onFailure: (error: unknown) => reject(toAuthError(error)),
        newPasswordRequired: () => reject(new AuthError(AuthMessage.invalidPassword)),
      },
      metadata,
    );
  });
}

/** GlobalSignOut: every refresh token of the user stops working. */
export function globalSignOut(user: CognitoUser): Promise<void> {
  return new Promise((resolve, reject) => {
    user.globalSignOut({
      onSuccess: () => resolve(),
      onFailure: (error) => reject(toAuthError(error)),
    });
  });
}

export function changePassword(
  user: CognitoUser,
  oldPassword: string,
  newPassword: string,
  metadata: ClientMetadata,
): Promise<void> {
  return new Promise((resolve, reject) => {
    user.changePassword(
      oldPassword,
      newPassword,
      (error) => (error ? reject(toAuthError(error)) : resolve()),
      metadata,
    );
  });
}

/** Revokes the user's refresh token, best effort: the outcome is not awaited and failures are ignored. */
export function revokeTokens(user: CognitoUser): void {
  (user as CognitoUser & RevocableUser).revokeTokens(() => undefined);
}

export function forgotPassword(user: CognitoUser, metadata: ClientMetadata): Promise<CodeDelivery | null> {
  return new Promise((resolve, reject) => {
    user.forgotPassword(
      {
        onSuccess: (data: unknown) => resolve(codeDeliveryOf(data)),
        onFailure: (error) => reject(toAuthError(error)),
      },
      metadata,
    );
  });
}

export function confirmPassword(
  user: CognitoUser,
  code: string,
  newPassword: string,
  metadata: ClientMetadata,
): Promise<void> {
  return new Promise((resolve, reject) => {
    user.confirmPassword(
      normalizeWidth(code),
      newPassword,
      { onSuccess: () => resolve(), onFailure: (error) => reject(toAuthError(error)) },
      metadata,
    );
  });
}

export function updateAttributes(
  user: CognitoUser,
  attributes: CognitoUserAttribute[],
  metadata: ClientMetadata,
): Promise<void> {
  return new Promise((resolve, reject) => {
    user.updateAttributes(attributes, (error) => (error ? reject(toAuthError(error)) : resolve()), metadata);
  });
}

/**
 * The user's stored session, refreshed by the library when its tokens have expired; null when
 * there is none or it cannot be renewed (the library's reason is not needed: no session is no session).
 */
export function getSession(user: CognitoUser): Promise<CognitoUserSession | null> {
  return new Promise((resolve) => {
    user.getSession((error: Error | null, result: CognitoUserSession | null) =>
      resolve(error ? null : result),
    );
  });
}

/** New tokens through the refresh token, even if the current ones are still valid. */
export function refreshTokens(user: CognitoUser, session: CognitoUserSession): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.refreshSession(session.getRefreshToken(), (error: unknown, refreshed: CognitoUserSession | null) =>
      error || !refreshed ? reject(toAuthError(error)) : resolve(refreshed),
    );
  });
}

/**
 * Answers the SOFTWARE_TOKEN_MFA challenge of the user's last `authenticate` with the code of the
 * authenticator app. After a wrong code the same user may try again (the session stays open).
 */
export function sendTotpCode(
  user: CognitoUser,
  code: string,
  metadata: ClientMetadata,
): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.sendMFACode(
      normalizeWidth(code).trim(),
      { onSuccess: resolve, onFailure: (error: unknown) => reject(toAuthError(error)) },
      'SOFTWARE_TOKEN_MFA',
      metadata,
    );
  });
}

/** A new TOTP secret (base32) for the signed-in user; it counts once `verifySoftwareToken` proves it. */
export function associateSoftwareToken(user: CognitoUser): Promise<string> {
  return new Promise((resolve, reject) => {
    user.associateSoftwareToken({
      associateSecretCode: resolve,
      onFailure: (error: unknown) => reject(toAuthError(error)),
    });
  });
}

export function verifySoftwareToken(user: CognitoUser, code: string, deviceName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    user.verifySoftwareToken(normalizeWidth(code).trim(), deviceName, {
      onSuccess: () => resolve(),
      onFailure: (error: unknown) => reject(toAuthError(error)),
    });
  });
}

/** Turns two-factor sign-in with the software token on or off (SMS is never used). */
export function setSoftwareTokenMfa(user: CognitoUser, enabled: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    user.setUserMfaPreference(null, { Enabled: enabled, PreferredMfa: enabled }, (error) =>
      error ? reject(toAuthError(error)) : resolve(),
    );
  });
}

/** Whether the user signs in with a TOTP code (GetUser's UserMFASettingList), asked of the service. */
export function hasSoftwareTokenMfa(user: CognitoUser): Promise<boolean> {
  return new Promise((resolve, reject) => {
    user.getUserData(
      (error, data) => {
        if (error || !data) return reject(toAuthError(error));
        resolve((data.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'));
      },
      { bypassCache: true },
    );
  });
}
