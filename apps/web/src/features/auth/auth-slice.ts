import type { UserType } from '@ipportal/domain';
import type { UnknownAction } from 'redux';
import type { Session } from './auth-port';

export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  userType: UserType | null;
  subject: string | null;
  /**
   * Set when this tab signed in (not when it found a session on load): the signed-in shell then
   * adopts the language saved in the user's profile.
   */
  signedInHere?: boolean;
}

const initialState: AuthState = { status: 'unknown', userType: null, subject: null };

export function authStateOf(session: Session | null): AuthState {
  return session
    ? { status: 'signedIn', userType: session.userType, subject: session.subject }
    : { status: 'signedOut', userType: null, subject: null };
}

// A plain reducer rather than a Redux Toolkit slice: the store of /login's first download carries
// no Redux Toolkit (docs/adr/0039).
const sessionChangedType = 'auth/sessionChanged';

export type SessionChangedAction = {
  type: typeof sessionChangedType;
  payload: Session | null;
};

export function sessionChanged(session: Session | null): SessionChangedAction {
  return { type: sessionChangedType, payload: session };
}
sessionChanged.type = sessionChangedType;
sessionChanged.match = (action: UnknownAction): action is SessionChangedAction =>
  action.type === sessionChangedType;

/** Mirrors the auth port's session so guards and the sidebar re-render when it changes. */
export function authReducer(state: AuthState = initialState, action: UnknownAction): AuthState {
  if (!sessionChanged.match(action)) return state;
  const next = authStateOf(action.payload);
  return state.status === 'signedOut' && next.status === 'signedIn' ? { ...next, signedInHere: true } : next;
}

type WithAuth = { auth: AuthState };
export const selectAuthStatus = (state: WithAuth) => state.auth.status;
export const selectUserType = (state: WithAuth) => state.auth.userType;
export const selectIsSignedIn = (state: WithAuth) => state.auth.status === 'signedIn';
export const selectSignedInHere = (state: WithAuth) => state.auth.signedInHere === true;
