import type { AuthClient, AuthConfig, AuthStorage } from '@ipportal/auth';

// Types only: what the port needs of packages/auth, apart from the port's two halves
// (create-auth-port.ts and the lazily loaded auth-port-impl.ts), which both use them.

/** What the port uses of packages/auth's client (tests pass a fake). */
export type AuthClientLike = Pick<
  AuthClient,
  | 'signUp'
  | 'confirmSignUp'
  | 'resendCode'
  | 'signIn'
  | 'completeNewPassword'
  | 'confirmSignInCode'
  | 'hasTotp'
  | 'startTotpSetup'
  | 'confirmTotpSetup'
  | 'disableTotp'
  | 'signOut'
  | 'changePassword'
  | 'forgotPassword'
  | 'forgotPasswordSubmit'
  | 'currentSession'
  | 'requireSession'
  | 'updateAttributes'
>;

export interface AuthLibrary {
  createAuthClient(config: AuthConfig): AuthClientLike;
}

export interface AuthPortOptions {
  /** The interface language; identity mails are written in it. */
  language?: () => string | undefined;
  /** Where sessions are kept; localStorage in the browser by default. */
  storage?: AuthStorage | undefined;
  /**
   * Where other tabs' changes of `storage` are announced (`storage` events); the window when
   * `storage` is the browser's localStorage.
   */
  storageEvents?: Pick<EventTarget, 'addEventListener'> | undefined;
  /** Loads packages/auth; a dynamic import by default. */
  loadLibrary?: () => Promise<AuthLibrary>;
}
