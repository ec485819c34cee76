import { organizationEndpoints, userEndpoints } from '@ipportal/domain';
import { configureStore } from '@reduxjs/toolkit';
import type { User } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, organizationsApi, userApi } from '../src/index.js';
import type { ApiClientDeps } from '../src/index.js';
import { handlerFor } from './handler-for.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const orgId = '7f1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11';
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

function makeStore() {
  const deps: ApiClientDeps = {
    getIdToken: () => Promise.resolve('id-token-1'),
    getBaseUrl: (namespace) => `http://api.test/${namespace}`,
    getUserType: () => 'REGULAR',
  };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { apiClient: deps } } }).concat(api.middleware),
  });
}

describe('organizationsApi', () => {
  it('creates an organization with the form values', async () => {
    let body: unknown;
    server.use(
      handlerFor(
        userEndpoints.getUser,
        () => HttpResponse.json({ hasError: false, message: '', item: user }),
        { namespace: 'user' },
      ),
      handlerFor(organizationEndpoints.createOrganization, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            hasError: false,
            message: '',
            item: {
              id: orgId,
              name: 'Acme',
              representativeName: 'Taro',
              createDate: user.createdAt,
              updateDate: user.createdAt,
            },
          },
          { status: 201 },
        );
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(
      organizationsApi.endpoints.createOrganization.initiate({ name: 'Acme', representativeName: 'Taro' }),
    );
    expect(body).toEqual({ name: 'Acme', representativeName: 'Taro' });
    expect(result.data?.id).toBe(orgId);
  });

  it('accepting an invitation puts the answered user in the cache', async () => {
    server.use(
      handlerFor(
        userEndpoints.getUser,
        () => HttpResponse.json({ hasError: false, message: '', item: user }),
        { namespace: 'user' },
      ),
      handlerFor(organizationEndpoints.acceptInvitation, () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          item: { ...user, organizationId: orgId, roleInOrganizationCode: 1 },
        }),
      ),
    );
    const store = makeStore();
    await store.dispatch(userApi.endpoints.getUser.initiate());
    const result = await store.dispatch(organizationsApi.endpoints.acceptInvitation.initiate('tok'));
    expect(result.data?.organizationId).toBe(orgId);
    await vi.waitFor(() =>
      expect(userApi.endpoints.getUser.select()(store.getState()).data?.roleInOrganizationCode).toBe(1),
    );
  });

  it('a refused call carries the server message', async () => {
    server.use(
      handlerFor(
        organizationEndpoints.removeMember,
        () =>
          HttpResponse.json(
            { hasError: true, message: 'The last administrator cannot be removed' },
            { status: 409 },
          ),
        { params: { organizationId: orgId, userId: 'u1' } },
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(
      organizationsApi.endpoints.removeMember.initiate({ organizationId: orgId, userId: 'u1' }),
    );
    expect(result.error).toMatchObject({
      status: 409,
      serverMessage: 'The last administrator cannot be removed',
    });
  });
});
