import {
  realtimeChangeDocuments,
  requestEndpoints,
  requestMailEndpoints,
  type RequestDetail,
  type RequestListItem,
  type RequestMail,
  type RequestMailEvent,
} from '@ipportal/domain';
import { requestsApi, unreadSummaryApi } from '@ipportal/api-client';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowserSockets, startsOf, startsOnce } from '../../../../test/browser-sockets';
import { countRequests } from '../../../../test/count-requests';
import { makeUser } from '../../../../test/fixtures';
import { handlerFor } from '../../../../test/handler-for';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';

/*
 * Frames that carry the change itself (ADR 0055): the open mail thread, its 既読 marks, the
 * sidebar's unread summary and the request lists' row follow them without a single HTTP request;
 * mails arriving together are marked read with one request; a lost frame refetches the thread;
 * the sender puts its own mail from the POST's answer. Requests are counted as MSW sees them.
 */

const slow = { timeout: 20_000 };
const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
const key = { projectId, requestId: 1 };
const ok = <T,>(item: T) => HttpResponse.json({ hasError: false, message: '', item });

const request: RequestDetail = {
  id: '11111111-2222-4333-8444-555555555555',
  projectId,
  requestId: 1,
  name: '米国出願の見積依頼',
  type: 'estimate',
  status: 2,
  assignee: { id: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10', name: 'Hanako Yamada' },
  regionCode: 1,
  officeType: 'patentAttorney',
  target: {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: '山田特許事務所',
    nameEn: 'Yamada Patent Office',
  },
  client: {
    name: '株式会社サンプル技研',
    contact: { id: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10', name: 'Hanako Yamada' },
  },
  registDate: '2026-11-20T01:00:00.000Z',
  decisionPeriod: '2027-03-31',
  userPeriod: '2027-03-15',
  concierge: 'notUsed',
  declinedAt: null,
  declineReason: null,
  project: { refrenceCode: 'P-2026-001', title: '燃料電池用セパレータ', type: 0, deleted: false },
  updateDate: '2026-11-20T01:00:00.000Z',
  content: '見積をお願いします',
};

const { content: _content, ...summaryOfRequest } = request;
const listRow: RequestListItem = { ...summaryOfRequest, unreadMailCount: 0 };

let minute = 0;
function mail(overrides: Partial<RequestMail>): RequestMail {
  minute += 1;
  return {
    id: crypto.randomUUID(),
    direction: 'toClient',
    subject: '見積について',
    body: '資料を添付します',
    senderUserId: null,
    senderName: '山田 一郎',
    sentAt: new Date(Date.UTC(2026, 10, 21, 2, minute)).toISOString(),
    readAt: null,
    attachments: [],
    ...overrides,
  };
}

beforeAll(async () => {
  await Promise.all([import('../request-mails-page'), import('../../../i18n/domain-resources')]);
}, 60_000);

const { BrowserSocket, acceptedSocket } = fakeBrowserSockets();

/** The thread (`items`, changed by the test), the request, its list and the summary, served and counted. */
function serveThread(items: () => RequestMail[], unread: () => number) {
  const served = { reads: 0, threads: 0 };
  server.use(
    handlerFor(requestEndpoints.getRequest, () => ok(request), { namespace: 'user', params: key }),
    handlerFor(
      requestMailEndpoints.listRequestMails,
      () => {
        served.threads += 1;
        return HttpResponse.json({ hasError: false, message: '', items: items(), unreadCount: unread() });
      },
      { namespace: 'user', params: key },
    ),
    handlerFor(
      requestMailEndpoints.markRequestMailsRead,
      () => {
        served.reads += 1;
        return ok({ marked: unread() });
      },
      { namespace: 'user', params: key },
    ),
    handlerFor(
      requestEndpoints.getRequestUnreadSummary,
      () => ok({ unreadMailCount: 0, requestsWithUnread: 0, awaitingRequestCount: 0 }),
      { namespace: 'user' },
    ),
    handlerFor(
      requestEndpoints.listRequests,
      () => HttpResponse.json({ hasError: false, message: '', items: [listRow], total: 1 }),
      { namespace: 'user' },
    ),
  );
  return served;
}

type SummaryState = Parameters<
  ReturnType<typeof unreadSummaryApi.endpoints.getRequestUnreadSummary.select>
>[0];
type ListState = Parameters<ReturnType<typeof requestsApi.endpoints.listRequests.select>>[0];

/** The client's thread open, its socket accepted and every subscription acknowledged. */
async function openLiveThread() {
  const app = renderApp(`/requests/${projectId}/1/mails`, {
    apiUser: makeUser(),
    realtimeUrl: 'ws://localhost/graphql/realtime',
  });
  const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
  const socket = await acceptedSocket();
  const starts = await startsOnce(socket, 'onRequestMail');
  const mailStart = starts.find((s) => s.root === 'onRequestMail')!;
  for (const { id } of starts) socket.receive({ type: 'start_ack', id });
  return { app, thread, socket, mailStart };
}

const mailsPath = `/user/requests/${projectId}/1/mails`;

describe('request mail frames', { timeout: 60_000 }, () => {
  it('applies received mails, reads and the counts without any request; marks the batch read once; a gap refetches', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    const own = mail({ direction: 'toOffice', subject: '図面の送付', senderName: 'Hanako Yamada' });
    let items = [own];
    let unread = 0;
    const served = serveThread(
      () => items,
      () => unread,
    );
    const requests = countRequests();
    try {
      const app = renderApp(`/requests/${projectId}/1/mails`, {
        apiUser: makeUser(),
        realtimeUrl: 'ws://localhost/graphql/realtime',
      });
      const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
      // The sidebar's summary and a request list, as other screens keep them cached.
      const summary = app.store.dispatch(unreadSummaryApi.endpoints.getRequestUnreadSummary.initiate());
      const list = app.store.dispatch(requestsApi.endpoints.listRequests.initiate({ projectId }));
      await summary;
      await list;
      const socket = await acceptedSocket();
      await waitFor(
        () =>
          expect(startsOf(socket).map((s) => s.root)).toEqual(
            expect.arrayContaining(['onRequestMail', 'onUnreadCounts']),
          ),
        slow,
      );
      const starts = startsOf(socket);
      const mailStart = starts.find((s) => s.root === 'onRequestMail')!;
      const unreadStart = starts.find((s) => s.root === 'onUnreadCounts')!;
      // The web subscribes with the documents that select the change.
      expect(mailStart.query).toBe(realtimeChangeDocuments.onRequestMail);
      expect(unreadStart.query).toBe(realtimeChangeDocuments.onUnreadCounts);
      for (const { id } of starts) socket.receive({ type: 'start_ack', id });
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      await waitFor(() => expect(served.threads).toBeGreaterThan(1), slow);
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      const settled = requests.seen.length;
      const mailFrame = (event: RequestMailEvent) =>
        socket.receive({ type: 'data', id: mailStart.id, payload: { data: { onRequestMail: event } } });

      // The office writes three mails in a row: each frame carries its mail and the counts.
      const arriving = ['見積書', '請求書', '委任状'].map((subject) => mail({ subject }));
      for (const [at, arrived] of arriving.entries()) {
        items = [...items, arrived];
        unread = at + 1;
        mailFrame({
          mailId: arrived.id,
          ...key,
          kind: 'sent',
          mail: arrived,
          reads: [],
          mailCount: items.length,
          unreadCount: unread,
        });
      }
      socket.receive({
        type: 'data',
        id: unreadStart.id,
        payload: {
          data: {
            onUnreadCounts: {
              unreadMailCount: 3,
              requestsWithUnread: 1,
              awaitingRequestCount: 0,
              request: { ...key, unreadMailCount: 3 },
            },
          },
        },
      });
      expect(await within(thread).findByRole('listitem', { name: '委任状' }, slow)).toBeInTheDocument();
      expect(within(thread).getAllByRole('listitem')).toHaveLength(4);
      expect(
        within(within(thread).getByRole('listitem', { name: '請求書' })).getByText('新着'),
      ).toBeInTheDocument();
      // Read with one request for the batch.
      await waitFor(() => expect(served.reads).toBe(1), slow);
      // The summary and the list's row as the frame counted them (before the read's own frame).
      const summaryNow = () =>
        unreadSummaryApi.endpoints.getRequestUnreadSummary.select()(app.store.getState() as SummaryState)
          .data;
      const rowNow = () =>
        requestsApi.endpoints.listRequests.select({ projectId })(app.store.getState() as ListState).data
          ?.items[0];
      expect(summaryNow()).toMatchObject({
        unreadMailCount: 3,
        requestsWithUnread: 1,
      });

      // The server's frames of that read: the mails read, the counts at zero.
      const readAt = new Date().toISOString();
      unread = 0;
      mailFrame({
        mailId: arriving[2]!.id,
        ...key,
        kind: 'read',
        mail: null,
        reads: arriving.map(({ id }) => ({ id, readAt })),
        mailCount: 4,
        unreadCount: 0,
      });
      socket.receive({
        type: 'data',
        id: unreadStart.id,
        payload: {
          data: {
            onUnreadCounts: {
              unreadMailCount: 0,
              requestsWithUnread: 0,
              awaitingRequestCount: 0,
              request: { ...key, unreadMailCount: 0 },
            },
          },
        },
      });
      await waitFor(() =>
        expect(summaryNow()).toMatchObject({
          unreadMailCount: 0,
          requestsWithUnread: 0,
        }),
      );
      expect(rowNow()?.unreadMailCount).toBe(0);
      // The mails that were new on this visit keep their mark.
      expect(
        within(within(thread).getByRole('listitem', { name: '請求書' })).getByText('新着'),
      ).toBeInTheDocument();

      // The office reads the client's mail: 既読 on it without asking for the thread.
      const ownItem = within(thread).getByRole('listitem', { name: '図面の送付' });
      expect(within(ownItem).getByText('未読')).toBeInTheDocument();
      mailFrame({
        mailId: own.id,
        ...key,
        kind: 'read',
        mail: null,
        reads: [{ id: own.id, readAt }, ...arriving.map(({ id }) => ({ id, readAt }))],
        mailCount: 4,
        unreadCount: 0,
      });
      expect(await within(ownItem).findByText('既読', undefined, slow)).toBeInTheDocument();

      await waitFor(() => expect(requests.open()).toBe(0), slow);
      // After the start's own refetch: the one read mark, nothing else.
      expect(requests.seen.slice(settled)).toEqual([`POST ${mailsPath}/read`]);

      // A frame after one that was lost (the server holds two more mails than the cache): refetched.
      const lost = mail({ subject: '届かなかった連絡' });
      const next = mail({ subject: '次の連絡', readAt });
      items = [...items, lost, next];
      const threadsBefore = served.threads;
      mailFrame({
        mailId: next.id,
        ...key,
        kind: 'sent',
        mail: next,
        reads: [],
        mailCount: 6,
        unreadCount: 0,
      });
      await waitFor(() => expect(served.threads).toBe(threadsBefore + 1), slow);
      expect(
        await within(thread).findByRole('listitem', { name: '届かなかった連絡' }, slow),
      ).toBeInTheDocument();
      summary.unsubscribe();
      list.unsubscribe();
      app.unmount();
    } finally {
      requests.stop();
    }
  });

  it('a read mark that marked nothing (a concierge reads without marking) is not sent again until the count moves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('WebSocket', BrowserSocket);
    let items = [mail({ subject: '受任のご連絡' })];
    let unread = 1;
    serveThread(
      () => items,
      () => unread,
    );
    let marks = 0;
    server.use(
      handlerFor(
        requestMailEndpoints.markRequestMailsRead,
        async () => {
          marks += 1;
          // Answered a moment later, as over a network: the thread shows the mark on its way.
          await new Promise((resolve) => setTimeout(resolve, 50));
          return ok({ marked: 0 });
        },
        { namespace: 'user', params: key },
      ),
    );
    const requests = countRequests();
    try {
      const { app, thread, socket, mailStart } = await openLiveThread();
      await waitFor(() => expect(marks).toBe(1), slow);
      // Seconds pass after its answer with the count unchanged: no second request.
      const settle = async () => {
        await waitFor(() => expect(requests.open()).toBe(0), slow);
        await vi.advanceTimersByTimeAsync(5_000);
        await waitFor(() => expect(requests.open()).toBe(0), slow);
      };
      await settle();
      expect(marks).toBe(1);
      // Another mail moves the count: one more.
      const next = mail({ subject: '追加のご連絡' });
      items = [...items, next];
      unread = 2;
      socket.receive({
        type: 'data',
        id: mailStart.id,
        payload: {
          data: {
            onRequestMail: {
              mailId: next.id,
              ...key,
              kind: 'sent',
              mail: next,
              reads: [],
              mailCount: 2,
              unreadCount: 2,
            },
          },
        },
      });
      expect(await within(thread).findByRole('listitem', { name: '追加のご連絡' }, slow)).toBeInTheDocument();
      await waitFor(() => expect(marks).toBe(2), slow);
      await settle();
      expect(marks).toBe(2);
      app.unmount();
    } finally {
      requests.stop();
      vi.useRealTimers();
    }
  });

  it('the sender puts its own mail from the answer, without refetching the thread or the counts', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    let items = [mail({ subject: '見積について', readAt: '2026-11-21T03:00:00.000Z' })];
    serveThread(
      () => items,
      () => 0,
    );
    const created = mail({ direction: 'toOffice', subject: '追加資料', body: '図面を送ります' });
    server.use(
      handlerFor(
        requestMailEndpoints.sendRequestMail,
        () => {
          items = [...items, created];
          return HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 });
        },
        { namespace: 'user', params: key },
      ),
    );
    const requests = countRequests();
    try {
      const { app, thread, socket, mailStart } = await openLiveThread();
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      const settled = requests.seen.length;

      await app.user.type(app.getByRole('textbox', { name: /件名/ }), '追加資料');
      await app.user.type(app.getByRole('textbox', { name: /本文/ }), '図面を送ります');
      await app.user.click(app.getByRole('button', { name: '送信' }));
      expect(await within(thread).findByRole('listitem', { name: '追加資料' }, slow)).toBeInTheDocument();
      // Its own frame comes too: the same mail, in the same place.
      socket.receive({
        type: 'data',
        id: mailStart.id,
        payload: {
          data: {
            onRequestMail: {
              mailId: created.id,
              ...key,
              kind: 'sent',
              mail: created,
              reads: [],
              mailCount: 2,
              unreadCount: 0,
            },
          },
        },
      });
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      expect(within(thread).getAllByRole('listitem')).toHaveLength(2);
      expect(requests.seen.slice(settled)).toEqual([`POST ${mailsPath}`]);
      app.unmount();
    } finally {
      requests.stop();
    }
  });
});
