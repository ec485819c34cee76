// The session as other features see it: the port, its provider and the store's auth state.
export type {
  TotpSetup,
  AuthPort,
  EditableAttributes,
  IdentityAttributes,
  IdentityOperations,
  Session,
  SignInOutcome,
  SignUpOutcome,
} from './auth-port';
export { AuthProvider, useAuthPort } from './auth-provider';
export { useSignOut } from './use-sign-out';
export type { AuthProviderProps } from './auth-provider';
export {
  authReducer,
  authStateOf,
  selectAuthStatus,
  selectIsSignedIn,
  selectSignedInHere,
  selectUserType,
} from './auth-slice';
export type { AuthState, AuthStatus } from './auth-slice';
export { applySession } from './apply-session';
export { createAuthPort } from './create-auth-port';
export type { AuthLibrary, AuthPortOptions } from './auth-library';
export { createSignedOutAuthPort } from './signed-out-auth-port';
