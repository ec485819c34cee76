import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '@ipportal/api-client';
import type { ApiClientDeps, ApiClientExtra } from '@ipportal/api-client';
import { authSlice } from '../features/auth/auth-slice';
import { shellSlice } from '../features/shell/shell-slice';

/** Feature slices inject themselves later with `rootReducer.inject(slice)`. */
export const rootReducer = combineSlices(authSlice, shellSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

/** The thunk extra argument: services the store's thunks and API slices use. */
export type AppExtra = ApiClientExtra & {
  /** The realtime socket's address (`realtimeUrl` of /config.json); none: no live updates. */
  realtimeUrl?: string;
};

const signedOutApiClient: ApiClientDeps = {
  getIdToken: () => Promise.resolve(null),
  getBaseUrl: () => '',
  getUserType: () => null,
};

/** A fresh store: one for the app, one per test. */
export function makeStore(
  preloadedState?: Partial<RootState>,
  extra: AppExtra = { apiClient: signedOutApiClient },
) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, AppExtra, UnknownAction>;
