import { AuthError } from './errors.js';
import type { SecondFactors, TokenVerifier } from './types.js';

/** Used until an identity service is wired: every token is refused with a clear 401. */
export function createUnconfiguredVerifier(): TokenVerifier {
  const refuse = () =>
    Promise.reject(new AuthError('notLoggedIn', 'identity service not configured', 'identityNotConfigured'));
  return { verify: refuse, verifyAccess: refuse };
}

/**
 * An identity provider the portal cannot ask about second factors (AWS Cognito mode, or none):
 * nobody is known to have one, and the organization's two-factor features are refused.
 */
export const unavailableSecondFactors: SecondFactors = {
  available: false,
  enabledAmong: () => Promise.resolve(new Set<string>()),
  isEnabled: () => Promise.resolve(false),
  reset: () => Promise.resolve(false),
};
