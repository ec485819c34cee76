import { ApiErrorMessage } from '@ipportal/domain';

/** Why a token was refused; each maps to the 401 message the caller sees. */
export type AuthFailure = 'notLoggedIn' | 'invalidTokenFormat' | 'invalidUserPool' | 'attributeDoesNotExist';

export const authFailureMessage: Record<AuthFailure, ApiErrorMessage> = {
  notLoggedIn: ApiErrorMessage.notLoggedIn,
  invalidTokenFormat: ApiErrorMessage.invalidTokenFormat,
  invalidUserPool: ApiErrorMessage.invalidUserPool,
  attributeDoesNotExist: ApiErrorMessage.attributeDoesNotExist,
};

/** Safe second lines for a 401 (keys of the server message catalogue). */
export type AuthHint = 'identityNotConfigured' | 'tokenRejected';

export class AuthError extends Error {
  readonly statusCode = 401;
  constructor(
    readonly reason: AuthFailure,
    /** Logged, never sent: e.g. "token expired", "kid unknown". */
    readonly detail?: string,
    /** Sent as the second line of the message. */
    readonly hint?: AuthHint,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'AuthError';
  }
}
