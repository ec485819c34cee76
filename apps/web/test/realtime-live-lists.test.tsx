import {
  chatEndpoints,
  conciergeEndpoints,
  dealEndpoints,
  invoiceEndpoints,
  paymentEndpoints,
  requestEndpoints,
  requestMailEndpoints,
} from '@ipportal/domain';
import type { RealtimeData, RealtimeTopic, RequestListItem, RequestUnreadSummary } from '@ipportal/domain';
import { FakeSocket } from '@ipportal/realtime';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingIds, makeDealSummary, makePayment } from './billing-fixtures';
import { patentSession } from './fake-auth-port';
import { makeRequestDetail, makeUser } from './fixtures';
import { server } from './msw-server';
import { renderApp } from './renderWithProviders';
import { handlerFor } from './handler-for';

/*
 * What the other side does shows without a reload: a request arriving at the office (its open
 * request list and the sidebar's count of requests not started), an estimate sent to the client
 * (its 見積・請求 tab) and a payment recorded for the office (its 入金管理), each pushed by the
 * realtime socket and refetched from the REST API; the sidebar's counts come in their own frame.
 */

const slow = { timeout: 20_000 };
const realtimeUrl = 'ws://localhost/graphql/realtime';
const ok = (body: object) => HttpResponse.json({ hasError: false, message: '', ...body });

const sockets: FakeSocket[] = [];
class BrowserSocket extends FakeSocket {
  constructor(url: string, protocols: string[]) {
    super(url, protocols);
    sockets.push(this);
  }
}

beforeAll(async () => {
  await import('../src/features/requests/requests-page');
  await import('../src/features/requests/request-estimate-bill-page');
  await import('../src/features/billing-office/firm-pages');
  await import('../src/i18n/domain-resources');
  await import('../src/features/shell/realtime-connection');
}, 60_000);

afterEach(() => {
  sockets.length = 0;
});

/** The app's socket once its topics started (acknowledged), and a way to play the server's data. */
async function liveSocket(topic: RealtimeTopic) {
  await waitFor(() => expect(sockets).toHaveLength(1), slow);
  const socket = sockets[0]!;
  socket.accept();
  const startOf = () =>
    socket.sentOf('start').find((frame) => {
      const { query } = JSON.parse((frame.payload as { data: string }).data) as { query: string };
      return /\{\s*(\w+)/.exec(query)?.[1] === topic;
    });
  await waitFor(() => expect(startOf()).toBeDefined(), slow);
  for (const frame of socket.sentOf('start')) socket.receive({ type: 'start_ack', id: frame.id });
  return <T extends RealtimeTopic>(name: T, data: RealtimeData<T>) => {
    const start = socket.sentOf('start').find((frame) => {
      const { query } = JSON.parse((frame.payload as { data: string }).data) as { query: string };
      return /\{\s*(\w+)/.exec(query)?.[1] === name;
    })!;
    socket.receive({ type: 'data', id: start.id, payload: { data: { [name]: data } } });
  };
}

function requestRow(requestId: number, name: string): RequestListItem {
  const { content: _content, ...row } = makeRequestDetail({
    id: `33333333-3333-4333-8333-33333333333${requestId}`,
    projectId: billingIds.projectId,
    requestId,
    name,
    registDate: '2026-11-28T01:00:00.000Z',
    updateDate: '2026-11-28T01:00:00.000Z',
  });
  return { ...row, unreadMailCount: 0 };
}

describe('live lists', { timeout: 60_000 }, () => {
  it('office: a request sent to it appears in the open list and the sidebar counts it, without a reload', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    let rows = [requestRow(1, '米国出願の見積')];
    let summary: RequestUnreadSummary = {
      unreadMailCount: 0,
      requestsWithUnread: 0,
      awaitingRequestCount: 1,
    };
    server.use(
      handlerFor(requestEndpoints.listRequests, () => ok({ items: rows, total: rows.length }), {
        namespace: 'patent',
      }),
      handlerFor(requestEndpoints.getRequestUnreadSummary, () => ok({ item: summary }), {
        namespace: 'patent',
      }),
    );
    const app = renderApp('/requests', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId: billingIds.firmId }),
      realtimeUrl,
    });
    await app.findByRole('link', { name: '米国出願の見積' }, slow);
    const nav = within(await app.findByRole('navigation', { name: 'メインメニュー' }, slow));
    const entry = await nav.findByRole('link', { name: /^依頼管理/ }, slow);
    expect(await within(entry).findByRole('img', { name: '未対応の依頼 1 件' }, slow)).toHaveTextContent('1');

    const push = await liveSocket('onNotification');
    rows = [requestRow(2, '意匠の調査'), ...rows];
    summary = { ...summary, awaitingRequestCount: 2 };
    push('onNotification', {
      id: '41',
      kind: 'requestReceived',
      projectId: billingIds.projectId,
      requestId: 2,
      requestName: '意匠の調査',
      reason: 'created',
      occurredAt: '2026-11-28T01:00:00.000Z',
    });
    // The server sends the office's counts with the same signal (no thread moved them).
    push('onUnreadCounts', { ...summary, request: null });
    expect(await app.findByRole('link', { name: '意匠の調査' }, slow)).toBeInTheDocument();
    expect(await within(entry).findByRole('img', { name: '未対応の依頼 2 件' }, slow)).toHaveTextContent('2');
    expect(app.missingKeys).toEqual([]);
  });

  it('client: an estimate the office sends appears on the 見積・請求 tab, without a reload', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    let deals: ReturnType<typeof makeDealSummary>[] = [];
    server.use(
      handlerFor(
        requestEndpoints.getRequest,
        () => ok({ item: makeRequestDetail({ projectId: billingIds.projectId }) }),
        { namespace: 'user', params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
      handlerFor(requestMailEndpoints.listRequestMails, () => ok({ items: [], unreadCount: 0 }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: deals }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(
        conciergeEndpoints.getConcierge,
        () =>
          ok({
            item: {
              state: 'notUsed',
              firm: null,
              invoiceId: null,
              startedAt: null,
              fee: { amountYen: 30_000, taxYen: 3_000, totalYen: 33_000 },
            },
          }),
        { namespace: 'user', params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${billingIds.projectId}/1/estimate-bill`, {
      apiUser: makeUser(),
      realtimeUrl,
    });
    await app.findByRole('heading', { level: 2, name: '見積書' }, slow);
    expect(app.queryByRole('link', { name: 'Q-2026-0007 を開く' })).toBeNull();

    const push = await liveSocket('onBillingChanged');
    deals = [makeDealSummary()];
    push('onBillingChanged', {
      kind: 'estimate',
      entityId: billingIds.dealId,
      projectId: billingIds.projectId,
      requestId: 1,
    });
    expect(await app.findByRole('link', { name: 'Q-2026-0007 を開く' }, slow)).toHaveAttribute(
      'href',
      `/estimates/${billingIds.projectId}/1/${billingIds.dealId}`,
    );
  });

  it('office: a payment the client records appears on 入金管理, without a reload', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    let payments: ReturnType<typeof makePayment>[] = [];
    server.use(
      handlerFor(paymentEndpoints.listPayments, () => ok({ items: payments, total: payments.length }), {
        namespace: 'patent',
      }),
      handlerFor(paymentEndpoints.listCounterparties, () => ok({ items: [] }), { namespace: 'patent' }),
    );
    const app = renderApp('/invoice/firm/payments', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId: billingIds.firmId }),
      realtimeUrl,
    });
    await app.findByRole('heading', { level: 1, name: '入金管理' }, slow);
    expect(app.queryByRole('row', { name: /カ）サンプル/ })).toBeNull();

    const push = await liveSocket('onBillingChanged');
    const payment = makePayment();
    payments = [payment];
    push('onBillingChanged', { kind: 'payment', entityId: payment.id, projectId: null, requestId: null });
    expect(await app.findByRole('row', { name: /カ）サンプル/ }, slow)).toBeInTheDocument();
  });

  it('client: a chat message sent while the page was still subscribing is counted once the subscription starts', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    let unread = { unreadMessageCount: 0, roomsWithUnread: 0, unreadMentionCount: 0 };
    let reads = 0;
    server.use(
      handlerFor(
        chatEndpoints.getChatUnreadSummary,
        () => {
          reads += 1;
          return ok({ item: unread });
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/projects', { apiUser: makeUser(), realtimeUrl });
    const nav = within(await app.findByRole('navigation', { name: 'メインメニュー' }, slow));
    const chat = await nav.findByRole('link', { name: /^チャット/ }, slow);
    await waitFor(() => expect(sockets).toHaveLength(1), slow);
    const socket = sockets[0]!;
    socket.accept();
    await waitFor(() => expect(socket.sentOf('start').length).toBeGreaterThanOrEqual(4), slow);
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(1), slow);
    const readsBefore = reads;
    // The office's message lands after the page read the counts and before the server knew of
    // this page's subscription: no data frame will ever tell of it.
    unread = { unreadMessageCount: 1, roomsWithUnread: 1, unreadMentionCount: 0 };
    for (const frame of socket.sentOf('start')) socket.receive({ type: 'start_ack', id: frame.id });
    expect(await within(chat).findByRole('img', { name: /チャットの未読 1 件/ }, slow)).toHaveTextContent(
      '1',
    );
    expect(reads).toBe(readsBefore + 1);
  });
});
