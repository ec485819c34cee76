import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { UserType } from '@ipportal/domain';
import type { Session } from './auth-port';

export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  userType: UserType | null;
  subject: string | null;
}

const initialState: AuthState = { status: 'unknown', userType: null, subject: null };

export function authStateOf(session: Session | null): AuthState {
  return session
    ? { status: 'signedIn', userType: session.userType, subject: session.subject }
    : { status: 'signedOut', userType: null, subject: null };
}

/** Mirrors the auth port's session so guards and the sidebar re-render when it changes. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChanged: (_state, action: PayloadAction<Session | null>) => authStateOf(action.payload),
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectUserType: (state) => state.userType,
    selectIsSignedIn: (state) => state.status === 'signedIn',
  },
});

export const { sessionChanged } = authSlice.actions;
export const { selectAuthStatus, selectUserType, selectIsSignedIn } = authSlice.selectors;
