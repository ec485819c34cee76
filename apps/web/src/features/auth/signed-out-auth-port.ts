import type { AuthPort, IdentityOperations } from './auth-port';

const unavailable = () =>
  Promise.reject(Object.assign(new Error('No identity service'), { messageKey: 'auth.error.unknown' }));

/**
 * A port where nobody can be signed in (no identity service): every protected route leads to
 * /login and every identity operation fails.
 */
export function createSignedOutAuthPort(): AuthPort {
  const identity: IdentityOperations = {
    signUp: unavailable,
    confirmSignUp: unavailable,
    resendCode: unavailable,
    signIn: unavailable,
    completeNewPassword: unavailable,
    confirmSignInCode: unavailable,
    hasTotp: unavailable,
    startTotpSetup: unavailable,
    confirmTotpSetup: unavailable,
    disableTotp: unavailable,
    changePassword: unavailable,
    forgotPassword: unavailable,
    forgotPasswordSubmit: unavailable,
    attributes: unavailable,
    updateAttributes: unavailable,
  };
  return {
    currentSession: () => Promise.resolve(null),
    idToken: () => Promise.resolve(null),
    userType: () => null,
    signOut: () => Promise.resolve(),
    onChange: () => () => undefined,
    onReplaced: () => () => undefined,
    identity,
  };
}
