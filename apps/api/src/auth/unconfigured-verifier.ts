import { AuthError } from './errors.js';
import type { TokenVerifier } from './types.js';

/** Used until an identity service is wired: every token is refused with a clear 401. */
export function createUnconfiguredVerifier(): TokenVerifier {
  return {
    verify() {
      return Promise.reject(
        new AuthError('notLoggedIn', 'identity service not configured', 'identityNotConfigured'),
      );
    },
  };
}
