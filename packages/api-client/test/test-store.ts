import { configureStore } from '@reduxjs/toolkit';
import { api } from '../src/index.js';
import type { ApiClientDeps } from '../src/index.js';

/** A store with the api slice, talking to http://api.test/<namespace> as `userType`. */
export function makeTestStore(
  userType: 'REGULAR' | 'PATENT' = 'REGULAR',
  options: Pick<ApiClientDeps, 'networkRetryDelaysMs'> = {},
) {
  const deps: ApiClientDeps = {
    getIdToken: () => Promise.resolve('id-token-1'),
    getBaseUrl: (namespace) => `http://api.test/${namespace}`,
    getUserType: () => userType,
    ...options,
  };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { apiClient: deps } },
        serializableCheck: false,
        immutableCheck: false,
      }).concat(api.middleware),
  });
}
