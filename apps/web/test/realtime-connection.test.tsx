import { requestEndpoints, requestMailEndpoints } from '@ipportal/domain';
import { unreadSummaryApi } from '@ipportal/api-client';
import type { RequestDetail, RequestMail } from '@ipportal/domain';
import { FakeSocket, realtimeTimings } from '@ipportal/realtime';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeRequestDetail, makeUser } from './fixtures';
import { server } from './msw-server';
import { renderApp } from './renderWithProviders';
import { handlerFor } from './handler-for';

/*
 * The signed-in app's realtime connection against a fake WebSocket: the open mail thread follows
 * `onRequestMail`, the sidebar's counts `onUnreadCounts`, the header shows the state, and a
 * reconnect re-sends every start and refetches what the page shows.
 */

const slow = { timeout: 20_000 };
const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
const realtimeUrl = 'ws://localhost/graphql/realtime';

const sockets: FakeSocket[] = [];
class BrowserSocket extends FakeSocket {
  constructor(url: string, protocols: string[]) {
    super(url, protocols);
    sockets.push(this);
  }
}

function mail(subject: string, sentAt: string): RequestMail {
  return {
    id: crypto.randomUUID(),
    direction: 'toClient',
    subject,
    body: '本文',
    senderUserId: null,
    senderName: '山田 一郎',
    sentAt,
    readAt: '2026-11-21T03:00:00.000Z',
    attachments: [],
  };
}

const startsOf = (socket: FakeSocket) =>
  socket.sentOf('start').map((frame) => {
    const payload = frame.payload as { data: string };
    const { query } = JSON.parse(payload.data) as { query: string };
    return { id: frame.id as string, root: /\{\s*(\w+)/.exec(query)?.[1] };
  });

beforeAll(async () => {
  await Promise.all([
    import('../src/features/requests/request-mails-page'),
    import('../src/i18n/domain-resources'),
    import('../src/features/shell/realtime-connection'),
    import('../src/features/shell/connection-status'),
  ]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
  sockets.length = 0;
});

describe('realtime connection', { timeout: 60_000 }, () => {
  it('thread and counts follow the socket; the header shows the state; a reconnect re-starts and refetches', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    const request: RequestDetail = makeRequestDetail({ projectId, requestId: 1, name: '米国出願の見積依頼' });
    let items = [mail('見積について', '2026-11-21T02:30:00.000Z')];
    let mailFetches = 0;
    let summaryFetches = 0;
    server.use(
      handlerFor(
        requestEndpoints.getRequest,
        () => HttpResponse.json({ hasError: false, message: '', item: request }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.listRequestMails,
        () => {
          mailFetches += 1;
          return HttpResponse.json({ hasError: false, message: '', items, unreadCount: 0 });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestEndpoints.getRequestUnreadSummary,
        () => {
          summaryFetches += 1;
          return HttpResponse.json({
            hasError: false,
            message: '',
            item: { unreadMailCount: 0, requestsWithUnread: 0, awaitingRequestCount: 0 },
          });
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser(), realtimeUrl });
    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    expect(within(thread).getAllByRole('listitem')).toHaveLength(1);

    await waitFor(() => expect(sockets).toHaveLength(1), slow);
    const first = sockets[0]!;
    expect(first.url).toBe(realtimeUrl);
    expect(await app.findByTitle('リアルタイム更新: 接続中', {}, slow)).toBeInTheDocument();
    first.accept();
    expect(await app.findByTitle('リアルタイム更新: 接続済み', {}, slow)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        startsOf(first)
          .map((start) => start.root)
          .sort(),
      ).toEqual(['onBillingChanged', 'onChatUnread', 'onNotification', 'onRequestMail', 'onUnreadCounts']),
    );
    const starts = startsOf(first);
    const idOf = (root: string) => starts.find((start) => start.root === root)!.id;
    const mailStart = first.sentOf('start').find((frame) => frame.id === idOf('onRequestMail'))!;
    expect(JSON.parse((mailStart.payload as { data: string }).data)).toMatchObject({
      variables: { projectId, requestId: 1 },
    });
    for (const { id } of starts) first.receive({ type: 'start_ack', id });

    // A mail arrives: the thread refetches its rows, no focus or reload needed.
    items = [...items, mail('Re: 見積について', '2026-11-22T02:30:00.000Z')];
    first.receive({
      type: 'data',
      id: idOf('onRequestMail'),
      payload: { data: { onRequestMail: { mailId: items[1]!.id, projectId, requestId: 1 } } },
    });
    expect(
      await within(thread).findByRole('listitem', { name: 'Re: 見積について' }, slow),
    ).toBeInTheDocument();

    // New counts: the sidebar's summary (here subscribed to directly: this page's sidebar has no
    // request entry) is fetched again.
    const summary = app.store.dispatch(unreadSummaryApi.endpoints.getRequestUnreadSummary.initiate());
    await summary;
    const summariesBefore = summaryFetches;
    first.receive({
      type: 'data',
      id: idOf('onUnreadCounts'),
      payload: {
        data: { onUnreadCounts: { unreadMailCount: 1, requestsWithUnread: 1, awaitingRequestCount: 0 } },
      },
    });
    await waitFor(() => expect(summaryFetches).toBeGreaterThan(summariesBefore));
    summary.unsubscribe();

    // The socket drops: the header says so (politely, once), and 5 s later it comes back.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    first.serverClose(1006);
    expect(
      await app.findByTitle('リアルタイム更新: 切断（自動で再接続します）', {}, slow),
    ).toBeInTheDocument();
    const live = app.container.ownerDocument.querySelector('[aria-live="polite"]');
    await waitFor(() => expect(live).toHaveTextContent('リアルタイム更新の接続が切れました'));
    await vi.advanceTimersByTimeAsync(realtimeTimings.firstReconnectMs);
    await waitFor(() => expect(sockets).toHaveLength(2), slow);
    const second = sockets[1]!;
    const mailsBefore = mailFetches;
    items = [...items, mail('追加の資料', '2026-11-23T02:30:00.000Z')];
    second.accept();
    // The same ids again, and what the page shows is fetched anew (the gap's events are lost).
    expect(
      startsOf(second)
        .map((start) => start.id)
        .sort(),
    ).toEqual(starts.map((start) => start.id).sort());
    await waitFor(() => expect(mailFetches).toBeGreaterThan(mailsBefore), slow);
    expect(await within(thread).findByRole('listitem', { name: '追加の資料' }, slow)).toBeInTheDocument();
    expect(await app.findByTitle('リアルタイム更新: 接続済み', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(live).toHaveTextContent('リアルタイム更新に再接続しました'));
    vi.useRealTimers();

    // Signing out closes the socket for good.
    app.unmount();
    expect(second.closedWith).toBe(1000);
  });
});
