import { configureStore } from '@reduxjs/toolkit';
import { ApiErrorMessage, type Firm, type UpdateFirmBody, firmEndpoints } from '@ipportal/domain';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, firmsApi } from '../src/index.js';
import type { ApiClientDeps, ApiError } from '../src/index.js';
import { handlerFor } from './handler-for.js';

// The tests named after /patent and /user pin which namespace serves the call, so they answer a
// literal URL; the others answer through the endpoint definition.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const firm: Firm = {
  id: '3c1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11',
  name: '山田特許事務所',
  nameEn: null,
  officeType: 'patentAttorney',
  regionCode: 1,
  address: 'Tokyo',
  phoneNumber: '+81312345678',
  email: 'office@example.com',
  website: null,
  languages: ['ja'],
  caseTypes: [1],
  technicalFields: [],
  feeNotes: null,
  complete: true,
  concierge: false,
  updateDate: '2025-01-01T00:00:00.000Z',
};

function makeStore(userType: 'REGULAR' | 'PATENT') {
  const deps: ApiClientDeps = {
    getIdToken: () => Promise.resolve('id-token-1'),
    getBaseUrl: (namespace) => `http://api.test/${namespace}`,
    getUserType: () => userType,
  };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { apiClient: deps } } }).concat(api.middleware),
  });
}

/** Each call goes to the namespace that serves it, with its failure message. */
describe('firmsApi', () => {
  it('reads the own office under /patent', async () => {
    server.use(
      http.get('http://api.test/patent/firm', () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
    );
    const result = await makeStore('PATENT').dispatch(firmsApi.endpoints.getOwnFirm.initiate());
    expect(result.data).toBeNull();
  });

  it('a failed save carries the save failure message', async () => {
    server.use(
      handlerFor(firmEndpoints.saveOwnFirm, () =>
        HttpResponse.json({ hasError: true, message: 'bad' }, { status: 400 }),
      ),
    );
    const { id: _id, complete: _complete, concierge: _concierge, updateDate: _updateDate, ...body } = firm;
    const result = await makeStore('PATENT').dispatch(
      firmsApi.endpoints.saveOwnFirm.initiate(body as UpdateFirmBody),
    );
    expect(result.error as ApiError).toMatchObject({
      status: 400,
      messageKey: ApiErrorMessage.firmUpdateFailed,
      serverMessage: 'bad',
    });
  });

  it('lists the directory under /user with the filters as query', async () => {
    let search = '';
    server.use(
      http.get('http://api.test/user/firms', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ hasError: false, message: '', items: [] });
      }),
    );
    const result = await makeStore('REGULAR').dispatch(
      firmsApi.endpoints.listFirmDirectory.initiate({ regionCode: 1, officeType: 'patentAttorney' }),
    );
    expect(result.data).toEqual([]);
    expect(search).toBe('?regionCode=1&officeType=patentAttorney');
  });
});
