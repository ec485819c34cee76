import { requestEndpoints, requestMailEndpoints } from '@ipportal/domain';
import type { RequestListItem, RequestUnreadSummary } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeTestStore } from './test-store.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  requestDetailApi,
  requestsApi,
  sendRequestMail,
  unreadSummaryApi,
  unreadSummaryAfterMark,
} from '../src/index.js';
import { handlerFor } from './handler-for.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
const listArgs = { status: '0' as const };
const selectList = requestsApi.endpoints.listRequests.select(listArgs);
const selectSummary = unreadSummaryApi.endpoints.getRequestUnreadSummary.select();
type SliceState = Parameters<typeof selectList>[0] & Parameters<typeof selectSummary>[0];

function row(requestId: number, unreadMailCount: number): RequestListItem {
  return {
    id: crypto.randomUUID(),
    projectId,
    requestId,
    name: `Request ${requestId}`,
    type: 'estimate',
    status: 1,
    assignee: null,
    regionCode: 1,
    officeType: 'patentAttorney',
    target: { id: crypto.randomUUID(), name: 'Firm', nameEn: null },
    client: { name: 'Client', contact: null },
    registDate: '2026-11-01T00:00:00.000Z',
    decisionPeriod: null,
    userPeriod: null,
    concierge: 'notUsed',
    declinedAt: null,
    declineReason: null,
    project: { refrenceCode: 'M-1', title: 'Matter', type: 0, deleted: false },
    updateDate: '2026-11-01T00:00:00.000Z',
    unreadMailCount,
  };
}

/** Serves a list with requests 1 (3 unread) and 2 (1 unread), and counts the calls. */
function serve(summary: () => RequestUnreadSummary) {
  const calls = { list: 0, summary: 0 };
  server.use(
    handlerFor(
      requestEndpoints.listRequests,
      () => {
        calls.list += 1;
        return HttpResponse.json({ hasError: false, message: '', items: [row(1, 3), row(2, 1)], total: 2 });
      },
      { namespace: 'patent' },
    ),
    handlerFor(
      requestEndpoints.getRequestUnreadSummary,
      () => {
        calls.summary += 1;
        return HttpResponse.json({ hasError: false, message: '', item: summary() });
      },
      { namespace: 'patent' },
    ),
    handlerFor(
      requestMailEndpoints.markRequestMailsRead,
      () => HttpResponse.json({ hasError: false, message: '', item: { marked: 3 } }),
      { namespace: 'patent', params: { projectId, requestId: 1 } },
    ),
    handlerFor(
      requestMailEndpoints.sendRequestMail,
      () =>
        HttpResponse.json(
          {
            hasError: false,
            message: '',
            item: {
              id: crypto.randomUUID(),
              direction: 'toClient',
              subject: 'Re',
              body: 'b',
              senderUserId: null,
              senderName: 'Office',
              sentAt: '2026-11-22T00:00:00.000Z',
              readAt: null,
              attachments: [],
            },
          },
          { status: 201 },
        ),
      { namespace: 'patent', params: { projectId, requestId: 1 } },
    ),
  );
  return calls;
}

describe('unread request mails in the caches', () => {
  it('marking a thread read zeroes its list row and leaves the summary to the realtime counts', async () => {
    const store = makeTestStore('PATENT');
    let summary = { unreadMailCount: 4, requestsWithUnread: 2, awaitingRequestCount: 0 };
    const calls = serve(() => summary);
    const list = store.dispatch(requestsApi.endpoints.listRequests.initiate(listArgs));
    const totals = store.dispatch(unreadSummaryApi.endpoints.getRequestUnreadSummary.initiate());
    await Promise.all([list, totals]);

    summary = { unreadMailCount: 1, requestsWithUnread: 1, awaitingRequestCount: 0 };
    await store.dispatch(
      requestDetailApi.endpoints.markRequestMailsRead.initiate({ projectId, requestId: 1 }),
    );
    const state = () => store.getState() as SliceState;
    expect(selectList(state()).data?.items.map((r) => r.unreadMailCount)).toEqual([0, 1]);
    // The sidebar's total comes with the socket's counts frame (ADR 0055), or is lowered and
    // refetched by the screen when no socket is open: the mark itself neither guesses nor refetches.
    expect(selectSummary(state()).data).toEqual({
      unreadMailCount: 4,
      requestsWithUnread: 2,
      awaitingRequestCount: 0,
    });
    expect(calls.summary).toBe(1);
    expect(calls.list).toBe(1);

    // Without a socket the screen lowers it by the mails marked, then confirms it with the
    // server; as the server agrees, the lists are not fetched again.
    store.dispatch(unreadSummaryAfterMark(3));
    expect(selectSummary(state()).data).toEqual(summary);
    await expect.poll(() => calls.summary).toBe(2);
    await expect.poll(() => selectSummary(state()).status).toBe('fulfilled');
    expect(selectSummary(state()).data).toEqual(summary);
    expect(calls.list).toBe(1);
    list.unsubscribe();
    totals.unsubscribe();
  });

  it('an office whose requests not started changed (a new request arrived) refetches the lists', async () => {
    const store = makeTestStore('PATENT');
    let summary = { unreadMailCount: 0, requestsWithUnread: 0, awaitingRequestCount: 1 };
    const calls = serve(() => summary);
    const list = store.dispatch(requestsApi.endpoints.listRequests.initiate(listArgs));
    const totals = store.dispatch(unreadSummaryApi.endpoints.getRequestUnreadSummary.initiate());
    await Promise.all([list, totals]);

    summary = { ...summary, awaitingRequestCount: 2 };
    await totals.refetch();
    await expect.poll(() => calls.list).toBe(2);
    list.unsubscribe();
    totals.unsubscribe();
  });

  it('a summary that changed on the server (new mail) refetches the lists; sending a mail refetches neither', async () => {
    const store = makeTestStore('PATENT');
    let summary = { unreadMailCount: 4, requestsWithUnread: 2, awaitingRequestCount: 0 };
    const calls = serve(() => summary);
    const list = store.dispatch(requestsApi.endpoints.listRequests.initiate(listArgs));
    const totals = store.dispatch(unreadSummaryApi.endpoints.getRequestUnreadSummary.initiate());
    await Promise.all([list, totals]);

    summary = { unreadMailCount: 5, requestsWithUnread: 2, awaitingRequestCount: 0 };
    await totals.refetch();
    await expect.poll(() => calls.list).toBe(2);
    expect(selectSummary(store.getState() as SliceState).data).toEqual(summary);

    const before = calls.summary;
    await store.dispatch(
      sendRequestMail({ projectId, requestId: 1 }, { subject: 'Re', body: 'b', attachments: [] }),
    );
    // The sender's own counts do not move with its mail; the other side's come by their frames.
    expect(calls.summary).toBe(before);
    expect(calls.list).toBe(2);
    list.unsubscribe();
    totals.unsubscribe();
  });
});
