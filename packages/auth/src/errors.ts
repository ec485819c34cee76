import { AuthMessage } from './messages.js';

/**
 * Every failure of this package. `messageKey` is an i18n key (see `AuthMessage`); `code` is the
 * Cognito exception name when the identity service answered one (e.g. `CodeMismatchException`),
 * and `serverMessage` its English text, for logs and support.
 */
export class AuthError extends Error {
  constructor(
    readonly messageKey: AuthMessage,
    readonly code: string | null = null,
    readonly serverMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(serverMessage ?? messageKey, options);
    this.name = 'AuthError';
  }
}

const byCode: Readonly<Record<string, AuthMessage>> = {
  UsernameExistsException: AuthMessage.usernameExists,
  AliasExistsException: AuthMessage.usernameExists,
  InvalidPasswordException: AuthMessage.invalidPassword,
  InvalidParameterException: AuthMessage.invalidParameter,
  CodeMismatchException: AuthMessage.codeMismatch,
  EnableSoftwareTokenMFAException: AuthMessage.codeMismatch,
  SoftwareTokenMFANotFoundException: AuthMessage.totpSetupExpired,
  ExpiredCodeException: AuthMessage.expiredCode,
  LimitExceededException: AuthMessage.limitExceeded,
  TooManyRequestsException: AuthMessage.tooManyRequests,
  TooManyFailedAttemptsException: AuthMessage.tooManyFailedAttempts,
  UserNotConfirmedException: AuthMessage.userNotConfirmed,
  // Never tell an unknown user from a wrong password, whatever the service says.
  UserNotFoundException: AuthMessage.incorrectCredentials,
  PasswordResetRequiredException: AuthMessage.passwordResetRequired,
  NetworkError: AuthMessage.network,
};

function notAuthorizedMessage(text: string): AuthMessage {
  if (/attempts exceeded/i.test(text)) return AuthMessage.passwordAttemptsExceeded;
  if (/recent sign-in/i.test(text)) return AuthMessage.recentSignInRequired;
  if (/cannot be confirmed|current status is confirmed/i.test(text)) return AuthMessage.alreadyConfirmed;
  if (/token|revoked|expired|signed out/i.test(text)) return AuthMessage.sessionExpired;
  return AuthMessage.incorrectCredentials;
}

/** Turns whatever amazon-cognito-identity-js rejected with into an AuthError. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' ? message : null;
  if (typeof code === 'string') {
    const key = code === 'NotAuthorizedException' ? notAuthorizedMessage(text ?? '') : byCode[code];
    return new AuthError(key ?? AuthMessage.unknown, code, text, { cause: error });
  }
  if (text === 'Invalid UserPoolId format.' || text === 'Both UserPoolId and ClientId are required.') {
    return new AuthError(AuthMessage.invalidUserPool, null, text, { cause: error });
  }
  if (text !== null && /not authenticated|authenticate|ID Token|Username is null/i.test(text)) {
    return new AuthError(AuthMessage.notLoggedIn, null, text, { cause: error });
  }
  return new AuthError(AuthMessage.unknown, null, text, { cause: error });
}
