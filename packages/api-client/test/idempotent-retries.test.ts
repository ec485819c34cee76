import { projectDetailEndpoints, projectEndpoints, requestMailEndpoints } from '@ipportal/domain';
import { parseItem } from 'structured-headers';
import type { RequestMail } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectsApi, sendRequestMail, type ApiError } from '../src/index.js';
import { networkRetryDelaysMs } from '../src/retrying-fetch.js';
import { makeTestStore } from './test-store.js';
import { handlerFor } from './handler-for.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const matter = { type: 0, refrenceCode: 'P-1', regionCode: 1, title: 'Separator' } as const;
const quick = [1, 2, 3];

/** The key of an Idempotency-Key header, read as the Structured Field string the draft defines. */
function keyOf(request: Request): string {
  const header = request.headers.get('idempotency-key');
  if (header === null) throw new Error('no Idempotency-Key');
  const [value] = parseItem(header);
  if (typeof value !== 'string') throw new Error(`not a string: ${header}`);
  return value;
}

describe('Idempotency-Key and retries after a network failure', () => {
  it('sends a fresh key with every mutation', async () => {
    const keys: string[] = [];
    server.use(
      handlerFor(projectEndpoints.createProject, ({ request }) => {
        keys.push(keyOf(request));
        return HttpResponse.json({ hasError: false, message: '', item: { id: 'p' } }, { status: 201 });
      }),
    );
    const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
    await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
    await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('retries a network failure with the same key and shows nothing when a retry answers', async () => {
    const keys: string[] = [];
    server.use(
      handlerFor(projectEndpoints.createProject, ({ request }) => {
        keys.push(keyOf(request));
        if (keys.length < 3) return HttpResponse.error();
        return HttpResponse.json({ hasError: false, message: '', item: { id: 'p' } }, { status: 201 });
      }),
    );
    const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
    const result = await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ id: 'p' });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after a few retries and then reports the network failure', async () => {
    let attempts = 0;
    server.use(
      handlerFor(projectEndpoints.createProject, () => {
        attempts += 1;
        return HttpResponse.error();
      }),
    );
    const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
    const result = await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
    expect((result.error as ApiError).status).toBe('FETCH_ERROR');
    expect(attempts).toBe(1 + quick.length);
    expect(networkRetryDelaysMs.length).toBeLessThanOrEqual(4);
  });

  it('retries a change the proxy answered 502 or 504 (its process died under it) with the same key', async () => {
    for (const status of [502, 504]) {
      const keys: string[] = [];
      server.use(
        handlerFor(projectEndpoints.createProject, ({ request }) => {
          keys.push(keyOf(request));
          if (keys.length === 1) return new HttpResponse('<html>Bad Gateway</html>', { status });
          return HttpResponse.json({ hasError: false, message: '', item: { id: 'p' } }, { status: 201 });
        }),
      );
      const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
      const result = await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
      expect(result.data).toEqual({ id: 'p' });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    }
  });

  it('shows the proxy’s 502 when every retry got it too, and never retries a read’s 502', async () => {
    let writes = 0;
    let reads = 0;
    server.use(
      handlerFor(projectEndpoints.createProject, () => {
        writes += 1;
        return new HttpResponse('Bad Gateway', { status: 502 });
      }),
      handlerFor(
        projectDetailEndpoints.getProject,
        () => {
          reads += 1;
          return new HttpResponse('Bad Gateway', { status: 502 });
        },
        { namespace: 'user' },
      ),
    );
    const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
    const result = await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
    expect((result.error as ApiError).status).toBe(502);
    expect(writes).toBe(1 + quick.length);
    await store.dispatch(projectsApi.endpoints.getProject.initiate('3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01'));
    expect(reads).toBe(1);
  });

  it('does not retry an answer of the API, whatever its status', async () => {
    for (const status of [409, 422, 500, 503]) {
      let attempts = 0;
      server.use(
        handlerFor(projectEndpoints.createProject, () => {
          attempts += 1;
          return HttpResponse.json({ hasError: true, message: 'no' }, { status });
        }),
      );
      const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
      const result = await store.dispatch(projectsApi.endpoints.createProject.initiate(matter));
      expect((result.error as ApiError).status).toBe(status);
      expect(attempts).toBe(1);
    }
  });

  it('does not send a key with a read', async () => {
    let header: string | null = 'unset';
    server.use(
      handlerFor(
        projectDetailEndpoints.getProject,
        ({ request }) => {
          header = request.headers.get('idempotency-key');
          return HttpResponse.error();
        },
        { namespace: 'user' },
      ),
    );
    const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
    await store.dispatch(projectsApi.endpoints.getProject.initiate('3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01'));
    expect(header).toBeNull();
  });

  it('resends a mail with attachments after a network failure with the same key and the same parts', async () => {
    const seen: { key: string; subject: FormDataEntryValue | null; file: string }[] = [];
    const key = { projectId: '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01', requestId: 4 };
    server.use(
      handlerFor(
        requestMailEndpoints.sendRequestMail,
        async ({ request }) => {
          const form = await request.formData();
          const file = form.get('files') as File;
          seen.push({ key: keyOf(request), subject: form.get('subject'), file: await file.text() });
          if (seen.length === 1) return HttpResponse.error();
          return HttpResponse.json({ hasError: false, message: '', item: { id: 'm' } }, { status: 201 });
        },
        { namespace: 'user', params: { projectId: key.projectId, requestId: 4 } },
      ),
    );
    const store = makeTestStore('REGULAR', { networkRetryDelaysMs: quick });
    const result = await store.dispatch(
      sendRequestMail(key, {
        subject: '見積',
        body: '本文',
        attachments: [new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' })],
      }),
    );
    expect(result).toEqual({ data: { id: 'm' } as unknown as RequestMail });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
  });
});
