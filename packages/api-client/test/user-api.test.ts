import { configureStore } from '@reduxjs/toolkit';
import { ApiErrorMessage, userEndpoints } from '@ipportal/domain';
import type { User, UserType } from '@ipportal/domain';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, apiErrorText, userApi } from '../src/index.js';
import type { ApiClientDeps, ApiError } from '../src/index.js';
import { handlerFor } from './handler-for.js';

// The tests named after GET /user and PATCH /user pin the published path and its namespace, so
// they answer a literal URL; the others answer through the endpoint definition.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user: User = {
  id: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10',
  userType: 'REGULAR',
  email: 'hanako@example.com',
  name: 'Hanako',
  address: 'Tokyo',
  phoneNumber: '+81312345678',
  regionCode: 1,
  locale: 'ja',
  organizationId: null,
  roleInOrganizationCode: null,
  firmId: null,
  twoFactorSetupRequired: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function makeTestStore(overrides: Partial<ApiClientDeps> & { userType?: UserType | null } = {}) {
  const { userType = 'REGULAR', ...rest } = overrides;
  const deps: ApiClientDeps = {
    getIdToken: () => Promise.resolve('id-token-1'),
    getBaseUrl: (namespace) => `http://api.test/${namespace}/`,
    getUserType: () => userType,
    ...rest,
  };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { apiClient: deps } } }).concat(api.middleware),
  });
}

describe('userApi.getUser', () => {
  it('calls GET /user in the user namespace with the bearer id token and answers the item', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('http://api.test/user/user', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ hasError: false, message: '', item: user });
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect(result.data).toEqual(user);
    expect(authorization).toBe('Bearer id-token-1');
  });

  it('uses the patent namespace for PATENT users', async () => {
    server.use(
      http.get('http://api.test/patent/user', () =>
        HttpResponse.json({ hasError: false, message: '', item: { ...user, userType: 'PATENT' } }),
      ),
    );
    const store = makeTestStore({ userType: 'PATENT' });
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect(result.data?.userType).toBe('PATENT');
  });

  it('maps an error envelope to the failure message of the call with the server message', async () => {
    server.use(
      handlerFor(
        userEndpoints.getUser,
        () => HttpResponse.json({ hasError: true, message: 'user not found' }, { status: 404 }),
        { namespace: 'user' },
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    const error = result.error as ApiError;
    expect(error).toEqual({
      status: 404,
      messageKey: ApiErrorMessage.userFetchFailed,
      serverMessage: 'user not found',
    });
    expect(apiErrorText(error, (key) => `<${key}>`)).toBe('<apiError.userFetchFailed>\nuser not found');
  });

  it('treats hasError in a 200 answer as a failure', async () => {
    server.use(
      handlerFor(userEndpoints.getUser, () => HttpResponse.json({ hasError: true, message: 'disabled' }), {
        namespace: 'user',
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect((result.error as ApiError).serverMessage).toBe('disabled');
  });

  it('answers "not logged in" without calling the server when there is no token', async () => {
    const store = makeTestStore({ getIdToken: () => Promise.resolve(null) });
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect(result.error).toEqual({
      status: 'NOT_LOGGED_IN',
      messageKey: ApiErrorMessage.notLoggedIn,
      serverMessage: null,
    });
  });

  it('reports a network failure with the failure message of the call', async () => {
    server.use(handlerFor(userEndpoints.getUser, () => HttpResponse.error(), { namespace: 'user' }));
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect((result.error as ApiError).status).toBe('FETCH_ERROR');
    expect((result.error as ApiError).messageKey).toBe(ApiErrorMessage.userFetchFailed);
  });

  it('reports an answer that is not JSON as a parse error', async () => {
    server.use(
      handlerFor(userEndpoints.getUser, () => new HttpResponse('<html>', { status: 200 }), {
        namespace: 'user',
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect((result.error as ApiError).status).toBe('PARSE_ERROR');
  });
});

describe('401 answers', () => {
  it('renews the token and retries once, sending the same body', async () => {
    const seen: { authorization: string | null; body: unknown }[] = [];
    server.use(
      handlerFor(
        userEndpoints.updateUser,
        async ({ request }) => {
          seen.push({ authorization: request.headers.get('authorization'), body: await request.json() });
          return request.headers.get('authorization') === 'Bearer fresh'
            ? HttpResponse.json({ hasError: false, message: '', item: { ...user, name: 'Taro' } })
            : HttpResponse.json({ hasError: true, message: 'token expired' }, { status: 401 });
        },
        { namespace: 'user' },
      ),
    );
    const getIdToken = vi.fn((options?: { forceRefresh?: boolean }) =>
      Promise.resolve(options?.forceRefresh ? 'fresh' : 'stale'),
    );
    const store = makeTestStore({ getIdToken });
    const result = await store.dispatch(userApi.endpoints.updateUser.initiate({ name: 'Taro' }));
    expect(result.data?.name).toBe('Taro');
    expect(seen).toEqual([
      { authorization: 'Bearer stale', body: { name: 'Taro' } },
      { authorization: 'Bearer fresh', body: { name: 'Taro' } },
    ]);
    expect(getIdToken).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('retries only once and then reports the failure with the server message', async () => {
    let calls = 0;
    server.use(
      handlerFor(
        userEndpoints.getUser,
        () => {
          calls += 1;
          return HttpResponse.json({ hasError: true, message: 'revoked' }, { status: 401 });
        },
        { namespace: 'user' },
      ),
    );
    let n = 0;
    const store = makeTestStore({ getIdToken: () => Promise.resolve(`token-${++n}`) });
    const result = await store.dispatch(userApi.endpoints.getUser.initiate());
    expect(calls).toBe(2);
    expect(result.error).toEqual({
      status: 401,
      messageKey: ApiErrorMessage.userFetchFailed,
      serverMessage: 'revoked',
    });
  });

  it('does not retry when the renewal gives no new token', async () => {
    let calls = 0;
    server.use(
      handlerFor(
        userEndpoints.getUser,
        () => {
          calls += 1;
          return HttpResponse.json({ hasError: true, message: 'invalid token' }, { status: 401 });
        },
        { namespace: 'user' },
      ),
    );
    for (const renewed of ['same', null]) {
      calls = 0;
      const store = makeTestStore({
        getIdToken: (options) => Promise.resolve(options?.forceRefresh ? renewed : 'same'),
      });
      const result = await store.dispatch(userApi.endpoints.getUser.initiate());
      expect(calls).toBe(1);
      expect((result.error as ApiError).status).toBe(401);
    }
  });
});

describe('userApi.updateUser', () => {
  it('sends PATCH /user as JSON and puts the answer in the getUser cache', async () => {
    let body: unknown;
    server.use(
      http.patch('http://api.test/user/user', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ hasError: false, message: '', item: { ...user, name: 'Taro' } });
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.updateUser.initiate({ name: 'Taro' }));
    expect(result.data?.name).toBe('Taro');
    expect(body).toEqual({ name: 'Taro' });
    await vi.waitFor(() =>
      expect(userApi.endpoints.getUser.select()(store.getState()).data?.name).toBe('Taro'),
    );
  });

  it('keeps field errors of a 400 answer and uses the update message', async () => {
    server.use(
      handlerFor(
        userEndpoints.updateUser,
        () =>
          HttpResponse.json(
            {
              hasError: true,
              message: 'Bad Request',
              errors: [{ path: 'name', message: 'validation.required' }],
            },
            { status: 400 },
          ),
        { namespace: 'user' },
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(userApi.endpoints.updateUser.initiate({ name: '' }));
    const error = (result as { error: ApiError }).error;
    expect(error.messageKey).toBe(ApiErrorMessage.userUpdateFailed);
    expect(error.fieldErrors).toEqual([{ path: 'name', message: 'validation.required' }]);
  });
});
