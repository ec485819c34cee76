export { AuthError, authFailureMessage, type AuthFailure, type AuthHint } from './errors.js';
export { createUnconfiguredVerifier } from './unconfigured-verifier.js';
export type { Pool, Principal, TokenVerifier, VerifiedClaims } from './types.js';
