import { deliverableEndpoints, requestMailEndpoints } from '@ipportal/domain';
import type { RequestMail } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeTestStore } from './test-store.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestDetailApi, sendRequestMail, uploadDeliverable } from '../src/index.js';
import { handlerFor } from './handler-for.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const key = { projectId: '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01', requestId: 4 };
const selectThread = requestDetailApi.endpoints.listRequestMails.select(key);
type SliceState = Parameters<typeof selectThread>[0];

function mail(subject: string): RequestMail {
  return {
    id: crypto.randomUUID(),
    direction: 'toClient',
    subject,
    body: 'body',
    senderUserId: null,
    senderName: 'Office',
    sentAt: '2026-11-22T00:00:00.000Z',
    readAt: null,
    attachments: [],
  };
}

describe('request detail slice', () => {
  it('marking read drops the cached unread count at once; a sent mail refetches the thread', async () => {
    const store = makeTestStore();
    let items = [mail('First')];
    const headers: string[] = [];
    server.use(
      handlerFor(
        requestMailEndpoints.listRequestMails,
        ({ request }) => {
          headers.push(request.headers.get('authorization') ?? '');
          return HttpResponse.json({ hasError: false, message: '', items, unreadCount: 1 });
        },
        { namespace: 'user', params: { projectId: key.projectId, requestId: 4 } },
      ),
      handlerFor(
        requestMailEndpoints.markRequestMailsRead,
        () => HttpResponse.json({ hasError: false, message: '', item: { marked: 1 } }),
        { namespace: 'user', params: { projectId: key.projectId, requestId: 4 } },
      ),
      handlerFor(
        requestMailEndpoints.sendRequestMail,
        async ({ request }) => {
          const form = await request.formData();
          const created = mail(form.get('subject') as string);
          items = [...items, created];
          return HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 });
        },
        { namespace: 'user', params: { projectId: key.projectId, requestId: 4 } },
      ),
    );
    const subscription = store.dispatch(requestDetailApi.endpoints.listRequestMails.initiate(key));
    await subscription;
    expect(headers).toEqual(['Bearer id-token-1']);
    await store.dispatch(requestDetailApi.endpoints.markRequestMailsRead.initiate(key));
    expect(selectThread(store.getState() as SliceState).data?.unreadCount).toBe(0);

    const sent = await store.dispatch(
      sendRequestMail(key, { subject: 'Second', body: 'b', attachments: [] }),
    );
    expect('data' in sent && sent.data.subject).toBe('Second');
    await expect.poll(() => selectThread(store.getState() as SliceState).data?.items.length).toBe(2);
    subscription.unsubscribe();
  });

  it('a refused upload answers the server message and changes no cache', async () => {
    const store = makeTestStore('PATENT');
    server.use(
      handlerFor(
        deliverableEndpoints.uploadDeliverable,
        () =>
          HttpResponse.json(
            { hasError: true, message: 'ファイルが大きすぎます（上限 104857600 バイト）' },
            { status: 413 },
          ),
        { params: { projectId: key.projectId, requestId: 4 } },
      ),
    );
    const result = await store.dispatch(uploadDeliverable(key, new File(['x'], 'big.pdf')));
    expect(result).toEqual({
      error: {
        status: 413,
        messageKey: null,
        serverMessage: 'ファイルが大きすぎます（上限 104857600 バイト）',
      },
    });
  });
});
