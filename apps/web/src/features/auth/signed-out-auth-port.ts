import type { AuthPort } from './auth-port';

/**
 * Until the Identity issue brings sign-in, nobody can be signed in: this port says so. Every
 * protected route therefore leads to /login.
 */
export function createSignedOutAuthPort(): AuthPort {
  return {
    currentSession: () => Promise.resolve(null),
    idToken: () => Promise.resolve(null),
    userType: () => null,
    signOut: () => Promise.resolve(),
    onChange: () => () => undefined,
  };
}
