import { applyMiddleware, combineReducers, legacy_createStore as createStore } from 'redux';
import type { Dispatch, Middleware, MiddlewareAPI, Reducer, Store, UnknownAction } from 'redux';
import { withExtraArgument } from 'redux-thunk';
import type { ThunkAction, ThunkDispatch } from 'redux-thunk';
import type { api } from '@ipportal/api-client';
import type { ApiClientDeps, ApiClientExtra } from '@ipportal/api-client';
import { authReducer } from '../features/auth/auth-slice';
import type { AuthState } from '../features/auth/auth-slice';
import { shellReducer } from '../features/shell/shell-slice';
import type { ShellState } from '../features/shell/shell-slice';
import type * as SignedIn from './signed-in';

/**
 * The store's state. `api` (the RTK Query cache) is there once the signed-in chunk has installed
 * it, which happens before the session reads as signed in (see `applySession`): every component
 * that reads it renders only for a signed-in user.
 */
export interface RootState {
  auth: AuthState;
  shell: ShellState;
  api: ReturnType<typeof api.reducer>;
}

/** The signed-in chunk (`signed-in.tsx`), loaded once and installed in the store that loads it. */
export type SignedInModule = typeof SignedIn;

/** A part of the store only signed-in pages use: its state key, reducer and middleware. */
export interface StorePart {
  key: 'api';
  reducer: Reducer;
  middleware: readonly Middleware[];
}

/** The thunk extra argument: services the store's thunks and API slices use. */
export type AppExtra = ApiClientExtra & {
  /** The realtime socket's address (`realtimeUrl` of /config.json); none: no live updates. */
  realtimeUrl?: string;
  /**
   * Loads the words the signed-in chunk's components show (the app passes its i18next instance's
   * loader); the chunk counts as loaded once they are in. None: they are there already (tests).
   */
  loadSignedInWords?: () => Promise<void>;
};

/** What thunks receive: the services above and the loader of the signed-in chunk. */
export type ThunkExtra = AppExtra & {
  /** Loads the signed-in chunk (once) and installs its store parts. */
  loadSignedIn: () => Promise<SignedInModule>;
  /** The signed-in chunk once loaded and installed; null before. */
  signedInLoaded: () => SignedInModule | null;
};

const signedOutApiClient: ApiClientDeps = {
  getIdToken: () => Promise.resolve(null),
  getBaseUrl: () => '',
  getUserType: () => null,
};

export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction> & Dispatch<UnknownAction>;

export type AppStore = Store<RootState, UnknownAction> & {
  dispatch: AppDispatch;
  /** Adds a part (once per key): its reducer under its key and its middleware after the thunk's. */
  install: (part: StorePart) => void;
  /** Loads the signed-in chunk (once) and installs its parts in this store. */
  loadSignedIn: () => Promise<SignedInModule>;
  /** Installs the signed-in chunk already at hand (tests import it rather than load it). */
  adoptSignedIn: (module: SignedInModule) => SignedInModule;
};

/**
 * A fresh store: one for the app, one per test. Plain redux with redux-thunk, so /login's first
 * download carries no Redux Toolkit; the RTK Query cache and its middleware join it with the
 * signed-in chunk (`install`), the way `combineSlices(...).inject` and dynamic middleware would.
 */
export function makeStore(
  preloadedState?: Partial<RootState>,
  extra: AppExtra = { apiClient: signedOutApiClient },
): AppStore {
  const reducers: Record<string, Reducer> = { auth: authReducer, shell: shellReducer };
  const installed = new Set<string>();
  // Middleware added later runs between the thunk middleware and the reducers.
  let middlewareApi: MiddlewareAPI | null = null;
  let reducerDispatch: Dispatch | null = null;
  let added: Dispatch | null = null;
  // Each added middleware, already given the store (RTK Query's keeps its state in that closure).
  const bound: ((next: Dispatch) => Dispatch)[] = [];
  const lateMiddleware: Middleware = (storeApi) => {
    middlewareApi = storeApi;
    return (next) => {
      reducerDispatch = next as Dispatch;
      return (action) => (added ?? next)(action as UnknownAction);
    };
  };

  let signedIn: Promise<SignedInModule> | null = null;
  let loaded: SignedInModule | null = null;
  const thunkExtra: ThunkExtra = {
    ...extra,
    loadSignedIn: () => {
      signedIn ??= Promise.all([import('./signed-in'), extra.loadSignedInWords?.()]).then(([module]) =>
        adoptSignedIn(module),
      );
      return signedIn;
    },
    signedInLoaded: () => loaded,
  };

  const base = createStore(
    combineReducers(reducers) as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    applyMiddleware(withExtraArgument(thunkExtra), lateMiddleware),
  );

  function adoptSignedIn(module: SignedInModule): SignedInModule {
    module.installSignedIn(store);
    loaded = module;
    signedIn ??= Promise.resolve(module);
    return module;
  }

  function install(part: StorePart) {
    if (installed.has(part.key)) return;
    if (!middlewareApi || !reducerDispatch) throw new Error('The store has no middleware chain yet');
    installed.add(part.key);
    reducers[part.key] = part.reducer;
    const storeApi = middlewareApi;
    for (const middleware of part.middleware)
      bound.push(middleware(storeApi) as (next: Dispatch) => Dispatch);
    added = bound.reduceRight<Dispatch>((next, wrap) => wrap(next), reducerDispatch);
    base.replaceReducer(combineReducers(reducers) as unknown as Reducer<RootState, UnknownAction>);
  }

  const store: AppStore = Object.assign(base as AppStore, {
    install,
    loadSignedIn: thunkExtra.loadSignedIn,
    adoptSignedIn,
  });
  return store;
}

export type AppThunk<R = void> = ThunkAction<R, RootState, ThunkExtra, UnknownAction>;
