import { realtimeAccessRevoked } from '@ipportal/domain';

/** One entry of a `connection_error` or `error` frame's `errors`. */
export interface RealtimeError {
  errorType: string;
  message: string;
  errorCode?: number;
}

/** Error types after which Amplify drops the whole socket and reconnects with a fresh token. */
const authErrorTypes = new Set(['Unauthorized', 'UnauthorizedException', 'NotAuthorizedException']);

/** An error after which Amplify ends the whole socket (ADR 0030): renew the token and reconnect. */
export function isAuthError(error: RealtimeError): boolean {
  return authErrorTypes.has(error.errorType) || /Token expired/i.test(error.message ?? '');
}

/** The server ended a subscription because its user lost access since it started (ADR 0030). */
export function isAccessRevoked(error: RealtimeError): boolean {
  return error.errorType === 'ForbiddenException' && error.message === realtimeAccessRevoked;
}
