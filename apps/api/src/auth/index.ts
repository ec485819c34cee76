export { AuthError, authFailureMessage, type AuthFailure, type AuthHint } from './errors.js';
export { createUnconfiguredVerifier, unavailableSecondFactors } from './unconfigured-verifier.js';
export type {
  Pool,
  Principal,
  SecondFactors,
  TokenVerifier,
  VerifiedAccessClaims,
  VerifiedClaims,
} from './types.js';
