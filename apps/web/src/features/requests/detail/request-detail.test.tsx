import {
  realtimeAccessRevoked,
  conciergeEndpoints,
  dealEndpoints,
  deliverableEndpoints,
  firmEndpoints,
  invoiceEndpoints,
  requestEndpoints,
  requestHistoryEndpoints,
  requestMailEndpoints,
  requestTermEndpoints,
} from '@ipportal/domain';
import type { FakeSocket } from '@ipportal/realtime';
import type {
  Deliverable,
  RequestDetail,
  HistoryAction,
  RequestHistoryEntry,
  RequestMail,
  RequestTerms,
} from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowserSockets } from '../../../../test/browser-sockets';
import { patentSession } from '../../../../test/fake-auth-port';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { handlerFor } from '../../../../test/handler-for';

const slow = { timeout: 20_000 };
const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
const firmId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function makeRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    projectId,
    requestId: 1,
    name: '米国出願の見積依頼',
    type: 'estimate',
    status: 2,
    assignee: { id: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10', name: 'Hanako Yamada' },
    regionCode: 1,
    officeType: 'patentAttorney',
    target: { id: firmId, name: '山田特許事務所', nameEn: 'Yamada Patent Office' },
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
    ...overrides,
  };
}

function mail(overrides: Partial<RequestMail>): RequestMail {
  return {
    id: crypto.randomUUID(),
    direction: 'toOffice',
    subject: '見積について',
    body: '資料を添付します',
    senderUserId: null,
    senderName: 'Hanako Yamada',
    sentAt: '2026-11-21T02:30:00.000Z',
    readAt: null,
    attachments: [],
    ...overrides,
  };
}

/** The request, and a thread with `unread` unread mails (the header shows the count on every tab). */
function serveRequest(ns: 'user' | 'patent', request = makeRequest(), unread = 0) {
  server.use(
    handlerFor(
      requestEndpoints.getRequest,
      () => HttpResponse.json({ hasError: false, message: '', item: request }),
      { namespace: ns, params: { projectId, requestId: 1 } },
    ),
    handlerFor(
      requestMailEndpoints.listRequestMails,
      () => HttpResponse.json({ hasError: false, message: '', items: [], unreadCount: unread }),
      { namespace: ns, params: { projectId, requestId: 1 } },
    ),
  );
}

beforeAll(async () => {
  // The first lazy import of the pages is slow in vitest's module runner.
  await Promise.all([import('../request-mails-page'), import('../../../i18n/domain-resources')]);
}, 60_000);

const { sockets, BrowserSocket, acceptedSocket } = fakeBrowserSockets();

/** The thread's subscription start on `socket`, once the page sent it. */
function mailStartOf(socket: FakeSocket) {
  return waitFor(() => {
    const start = socket
      .sentOf('start')
      .find((frame) => (frame.payload as { data: string }).data.includes('onRequestMail'));
    expect(start).toBeDefined();
    return start!;
  }, slow);
}

describe('request detail pages', { timeout: 60_000 }, () => {
  it('mails (client): header, thread, unread mark-read, validation, and sending with an attachment', async () => {
    serveRequest('user');
    let items: RequestMail[] = [
      mail({ subject: '見積について', readAt: '2026-11-21T03:00:00.000Z' }),
      mail({
        direction: 'toClient',
        subject: 'Re: 見積について',
        body: 'お見積りを添付します',
        senderName: '山田 一郎',
        sentAt: '2026-11-22T02:30:00.000Z',
        attachments: [
          { id: crypto.randomUUID(), name: 'estimate.pdf', contentType: 'application/pdf', sizeBytes: 2048 },
        ],
      }),
    ];
    let unread = 1;
    let markedRead = 0;
    let sent: FormData | null = null;
    server.use(
      handlerFor(
        requestMailEndpoints.listRequestMails,
        () => HttpResponse.json({ hasError: false, message: '', items, unreadCount: unread }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.markRequestMailsRead,
        () => {
          markedRead += 1;
          unread = 0;
          return HttpResponse.json({ hasError: false, message: '', item: { marked: 1 } });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.sendRequestMail,
        async ({ request }) => {
          sent = await request.formData();
          const created = mail({ subject: sent.get('subject') as string, body: sent.get('body') as string });
          items = [...items, created];
          return HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser() });
    expect(
      await app.findByRole('heading', { level: 2, name: '米国出願の見積依頼' }, slow),
    ).toBeInTheDocument();
    expect(app.getByText('No. 1')).toBeInTheDocument();
    expect(app.getByText('外部対応中')).toBeInTheDocument();
    expect(app.getByText('依頼先: 山田特許事務所')).toBeInTheDocument();
    expect(app.getByRole('link', { name: '案件: 燃料電池用セパレータ' })).toHaveAttribute(
      'href',
      `/projects?project-id=${projectId}`,
    );

    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    const reply = within(thread).getByRole('listitem', { name: 'Re: 見積について' });
    expect(within(reply).getByText('新着')).toBeInTheDocument();
    expect(within(reply).getByRole('button', { name: 'estimate.pdf をダウンロード' })).toBeInTheDocument();
    expect(
      within(within(thread).getByRole('listitem', { name: '見積について' })).getByText('既読'),
    ).toBeInTheDocument();
    await waitFor(() => expect(markedRead).toBe(1));

    // The attachment limit is said once (by the drop zone).
    expect(app.getAllByText(/(件|個)まで/)).toHaveLength(1);

    // Empty fields: translated errors, nothing sent.
    await app.user.click(app.getByRole('button', { name: '送信' }));
    expect(await app.findAllByText('必須項目です')).toHaveLength(2);
    expect(sent).toBeNull();

    await app.user.type(app.getByRole('textbox', { name: /件名/ }), '追加資料');
    await app.user.type(app.getByRole('textbox', { name: /本文/ }), '図面を送ります');
    const input = app.container.querySelector('input[type="file"]') as HTMLInputElement;
    await app.user.upload(input, new File(['%PDF-1.7 drawing'], 'drawing.pdf', { type: 'application/pdf' }));
    expect(await app.findByText('drawing.pdf')).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '送信' }));
    expect(await app.findByText('メッセージを送信しました', {}, slow)).toBeInTheDocument();
    const form = sent as unknown as FormData;
    expect(form.get('subject')).toBe('追加資料');
    expect(form.get('body')).toBe('図面を送ります');
    // One part `files`, after the text fields, with the file's name and bytes.
    expect([...form.keys()]).toEqual(['subject', 'body', 'files']);
    const attached = form.get('files') as File;
    expect(attached.name).toBe('drawing.pdf');
    expect(await attached.text()).toBe('%PDF-1.7 drawing');
    // The thread shows the new mail, from the answer (ADR 0055).
    expect(await within(thread).findByRole('listitem', { name: '追加資料' }, slow)).toBeInTheDocument();
  });

  it('mails: leaving the thread before its read mark was due still marks the shown mails read', async () => {
    serveRequest('user');
    let markedRead = 0;
    server.use(
      handlerFor(
        requestMailEndpoints.listRequestMails,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: [mail({ direction: 'toClient', subject: '納期について' })],
            unreadCount: 1,
          }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.markRequestMailsRead,
        () => {
          markedRead += 1;
          return HttpResponse.json({ hasError: false, message: '', item: { marked: 1 } });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser() });
    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    expect(within(thread).getByRole('listitem', { name: '納期について' })).toBeInTheDocument();
    // Gone well inside the 300 ms the thread waits for more mails to mark together.
    app.unmount();
    await waitFor(() => expect(markedRead).toBe(1), slow);
  });

  it('mails: the subscription refetches once acknowledged, and a mail unread on opening keeps 新着 though the refetch says it is read', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    serveRequest('user');
    let readAt: string | null = null;
    let fetched = 0;
    const replyId = crypto.randomUUID();
    server.use(
      handlerFor(
        requestMailEndpoints.listRequestMails,
        () => {
          fetched += 1;
          const reply = mail({
            id: replyId,
            direction: 'toClient',
            subject: 'Re: 見積について',
            senderName: '山田 一郎',
            readAt,
          });
          return HttpResponse.json({
            hasError: false,
            message: '',
            items: [reply],
            unreadCount: readAt ? 0 : 1,
          });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.markRequestMailsRead,
        () => {
          readAt = '2026-11-29T01:00:00.000Z';
          return HttpResponse.json({ hasError: false, message: '', item: { marked: 1 } });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, {
      apiUser: makeUser(),
      realtimeUrl: 'ws://localhost/graphql/realtime',
    });
    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    expect(within(thread).getByText('新着')).toBeInTheDocument();
    await waitFor(() => expect(readAt).not.toBeNull());
    const socket = await acceptedSocket();
    const mailStart = await mailStartOf(socket);
    const before = fetched;
    socket.receive({ type: 'start_ack', id: mailStart.id });
    // The acknowledged subscription fetches the thread again; the server now says the mail is read.
    await waitFor(() => expect(fetched).toBeGreaterThan(before), slow);
    await waitFor(() => expect(app.queryByRole('status', { name: /未読/ })).toBeNull());
    expect(within(app.getByRole('list', { name: 'メッセージ' })).getByText('新着')).toBeInTheDocument();
    app.unmount();
  });

  it('mails: access taken away while the thread is open hides the thread and says so (ja, en)', async () => {
    for (const [locale, title] of [
      ['ja', 'この依頼を見る権限がなくなりました'],
      ['en', 'You no longer have access to this request'],
    ] as const) {
      vi.stubGlobal('WebSocket', BrowserSocket);
      sockets.length = 0;
      serveRequest('user');
      server.use(
        handlerFor(
          requestMailEndpoints.listRequestMails,
          () =>
            HttpResponse.json({
              hasError: false,
              message: '',
              items: [mail({ subject: '社外秘の相談', readAt: '2026-11-21T03:00:00.000Z' })],
              unreadCount: 0,
            }),
          { namespace: 'user', params: { projectId, requestId: 1 } },
        ),
      );
      const app = renderApp(`/requests/${projectId}/1/mails`, {
        apiUser: makeUser(),
        locale,
        realtimeUrl: 'ws://localhost/graphql/realtime',
      });
      expect(await app.findByText('社外秘の相談', {}, slow)).toBeInTheDocument();
      const socket = await acceptedSocket();
      const mailStart = await mailStartOf(socket);
      socket.receive({ type: 'start_ack', id: mailStart.id });
      socket.receive({
        type: 'error',
        id: mailStart.id,
        payload: { errors: [{ errorType: 'ForbiddenException', message: realtimeAccessRevoked }] },
      });
      expect(await app.findByRole('heading', { level: 3, name: title }, slow)).toBeInTheDocument();
      expect(app.queryByText('社外秘の相談')).toBeNull();
      expect(app.missingKeys).toEqual([]);
      app.unmount();
    }
  });

  it('terms (client, English): deadlines, the late user deadline warning, editing, and dated items', async () => {
    serveRequest('user', makeRequest(), 2);
    let terms: RequestTerms = {
      decisionPeriod: '2027-03-31',
      userPeriod: '2027-04-10',
      userPeriodAfterDecision: true,
      items: [
        {
          id: crypto.randomUUID(),
          name: 'Check translation',
          date: '2027-01-15',
          done: false,
          updateDate: '2026-11-20T00:00:00.000Z',
        },
      ],
    };
    let patched: unknown;
    let added: unknown;
    server.use(
      handlerFor(
        requestTermEndpoints.getRequestTerms,
        () => HttpResponse.json({ hasError: false, message: '', item: terms }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestTermEndpoints.updateRequestPeriods,
        async ({ request }) => {
          patched = await request.json();
          terms = { ...terms, ...(patched as object), userPeriodAfterDecision: false };
          return HttpResponse.json({ hasError: false, message: '', item: terms });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestTermEndpoints.addRequestTermItem,
        async ({ request }) => {
          added = await request.json();
          const body = added as { name: string; date: string };
          terms = {
            ...terms,
            items: [
              ...terms.items,
              { id: crypto.randomUUID(), ...body, done: false, updateDate: '2026-11-23T00:00:00.000Z' },
            ],
          };
          return HttpResponse.json({ hasError: false, message: '', item: terms }, { status: 201 });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/terms`, {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    expect(await app.findByRole('heading', { level: 2, name: 'Deadlines' }, slow)).toBeInTheDocument();
    expect(app.getByText('31 Mar 2027')).toBeInTheDocument();
    expect(app.getByRole('alert')).toHaveTextContent(
      'Your deadline falls after the legal deadline (31 Mar 2027).',
    );
    expect(app.getByText('Check translation')).toBeInTheDocument();
    expect(app.getByRole('link', { name: '2 unread messages' })).toHaveAttribute(
      'href',
      `/requests/${projectId}/1/mails`,
    );

    // A dated item needs a name and a date.
    await app.user.click(app.getByRole('button', { name: 'Add' }));
    expect(await app.findAllByText('Required')).not.toHaveLength(0);
    expect(added).toBeUndefined();

    await app.user.click(app.getByRole('button', { name: 'Edit deadlines' }));
    await app.user.click(app.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toEqual({ decisionPeriod: '2027-03-31', userPeriod: '2027-04-10' }));
    expect(await app.findByText('Deadlines saved')).toBeInTheDocument();
  });

  it('an empty thread names the other side: the office reads of the client, the client of the office', async () => {
    const office = { session: patentSession, apiUser: makeUser({ userType: 'PATENT' as const }) };
    server.use(
      handlerFor(firmEndpoints.getOwnFirm, () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
    );
    for (const [locale, officeText, clientText] of [
      ['ja', '依頼元とのやり取りはここに表示されます。', '依頼先とのやり取りはここに表示されます。'],
      ['en', 'Your exchange with the client appears here.', 'Your exchange with the office appears here.'],
    ] as const) {
      serveRequest('patent');
      const app = renderApp(`/requests/${projectId}/1/mails`, { ...office, locale });
      expect(await app.findByText(officeText, {}, slow)).toBeInTheDocument();
      expect(app.queryByText(clientText)).toBeNull();
      app.unmount();
      serveRequest('user');
      const client = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser(), locale });
      expect(await client.findByText(clientText, {}, slow)).toBeInTheDocument();
      client.unmount();
    }
  });

  it('the office reads who sent the request in the header; the client reads the office', async () => {
    serveRequest('patent');
    server.use(
      handlerFor(firmEndpoints.getOwnFirm, () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT' }),
      locale: 'en',
    });
    await app.findByRole('heading', { level: 2, name: '米国出願の見積依頼' }, slow);
    const header = app.getByText('No. 1').closest('header')!;
    expect(within(header).getByText('Client: 株式会社サンプル技研')).toBeInTheDocument();
    expect(within(header).getByText('Contact: Hanako Yamada')).toBeInTheDocument();
    expect(within(header).queryByText(/Office:/)).toBeNull();
    app.unmount();

    serveRequest('user');
    const client = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser(), locale: 'en' });
    await client.findByRole('heading', { level: 2, name: '米国出願の見積依頼' }, slow);
    const clientHeader = client.getByText('No. 1').closest('header')!;
    expect(within(clientHeader).getByText('Office: Yamada Patent Office')).toBeInTheDocument();
    expect(within(clientHeader).queryByText(/Client:/)).toBeNull();
  });

  it("the concierge coordinating a request is offered its mails, chat and history, not the addressed office's pages", async () => {
    const conciergeFirmId = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
    serveRequest('patent', makeRequest({ concierge: 'paid' }));
    server.use(
      handlerFor(firmEndpoints.getOwnFirm, () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
    );
    // The request's sidebar entries (the route titles), as links.
    const requestPages = ['期限', '成果物', '見積・請求'];
    const concierge = renderApp(`/requests/${projectId}/1/mails`, {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId: conciergeFirmId }),
    });
    await concierge.findByRole('link', { name: '履歴' }, slow);
    expect(concierge.getByRole('link', { name: 'メール' })).toBeInTheDocument();
    await waitFor(() => expect(concierge.queryByRole('link', { name: '期限' })).toBeNull());
    for (const name of requestPages) expect(concierge.queryByRole('link', { name })).toBeNull();
    concierge.unmount();

    const office = renderApp(`/requests/${projectId}/1/mails`, {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId }),
    });
    await office.findByRole('link', { name: '履歴' }, slow);
    for (const name of requestPages) expect(office.getByRole('link', { name })).toBeInTheDocument();
  });

  it('deliverables (office): drop zone with the server limit, versions, and the upload', async () => {
    serveRequest('patent');
    // The office reminder asks for the office profile.
    server.use(
      handlerFor(firmEndpoints.getOwnFirm, () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
    );
    const row = (version: number, id = crypto.randomUUID()): Deliverable => ({
      id,
      projectId,
      projectTitle: '燃料電池用セパレータ',
      projectRefrenceCode: 'P-2026-001',
      requestNumber: 1,
      requestName: '米国出願の見積依頼',
      firm: { id: firmId, name: '山田特許事務所', nameEn: 'Yamada Patent Office' },
      title: 'report.pdf',
      version,
      contentType: 'application/pdf',
      sizeBytes: 1536,
      sha256: 'ab'.repeat(32),
      uploadedBy: { id: crypto.randomUUID(), name: '山田 一郎' },
      createDate: '2026-11-22T05:00:00.000Z',
    });
    let items = [row(1)];
    const uploads: File[] = [];
    server.use(
      handlerFor(
        deliverableEndpoints.listRequestDeliverables,
        () => HttpResponse.json({ hasError: false, message: '', items, maxUploadBytes: 100 * 1024 * 1024 }),
        { namespace: 'patent', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        deliverableEndpoints.uploadDeliverable,
        async ({ request }) => {
          uploads.push((await request.formData()).get('file') as File);
          const created = row(2);
          items = [created, ...items];
          return HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 });
        },
        { params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/deliverables`, {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId }),
    });
    expect(await app.findByRole('heading', { level: 2, name: '成果物' }, slow)).toBeInTheDocument();
    expect(app.getByText('第 1 版')).toBeInTheDocument();
    expect(app.getByText('1.5 KB')).toBeInTheDocument();
    expect(app.getByText(/100 MB/)).toBeInTheDocument();
    const input = app.container.querySelector('input[type="file"]') as HTMLInputElement;
    // Picking files stores nothing: they are reviewed together (name, size, type) first, and one
    // can be taken out before the step that cannot be undone.
    await app.user.upload(input, [
      new File(['%PDF-1.7 v2'], 'report.pdf', { type: 'application/pdf' }),
      new File(['draft'], 'memo.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ]);
    const review = await app.findByRole('region', { name: '登録する成果物の確認（2 件）' });
    expect(review).toHaveTextContent('report.pdf');
    expect(review).toHaveTextContent('11 B');
    expect(review).toHaveTextContent('application/pdf');
    expect(review).toHaveTextContent('memo.docx');
    expect(uploads).toEqual([]);
    await app.user.click(within(review).getByRole('button', { name: 'memo.docx を外す' }));
    expect(app.getByRole('region', { name: '登録する成果物の確認（1 件）' })).not.toHaveTextContent(
      'memo.docx',
    );
    expect(uploads).toEqual([]);
    await app.user.click(within(review).getByRole('button', { name: 'この内容で登録（取り消せません）' }));
    expect(
      await app.findByText('report.pdf をアップロードしました（第 2 版）', {}, slow),
    ).toBeInTheDocument();
    expect(uploads.map((file) => file.name)).toEqual(['report.pdf']);
    expect(await uploads[0]!.text()).toBe('%PDF-1.7 v2');
    expect(app.queryByRole('region', { name: /登録する成果物の確認/ })).not.toBeInTheDocument();
    expect(await app.findByText('第 2 版', {}, slow)).toBeInTheDocument();
    expect(app.getByText('最新')).toBeInTheDocument();
  });

  it('history: events with who, side and what changed; estimate-bill awaits the estimate; 404 is a plain not found', async () => {
    serveRequest('user');
    const entry = (
      action: HistoryAction,
      changes: Record<string, unknown> | null,
      side: 'client' | 'office',
      name: string,
    ): RequestHistoryEntry => ({
      id: Math.floor(Math.random() * 1e6),
      occurredAt: '2026-11-22T05:00:00.000Z',
      action,
      actor: { id: crypto.randomUUID(), name, side },
      changes,
    });
    server.use(
      handlerFor(
        requestHistoryEndpoints.listRequestHistory,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: [
              entry('request.create', { number: 1 }, 'client', 'Hanako Yamada'),
              entry('request.accept', { status: [1, 2] }, 'office', '山田 一郎'),
              entry(
                'request.mail.send',
                { subject: 'Re: 見積', attachments: ['estimate.pdf'] },
                'office',
                '山田 一郎',
              ),
              entry(
                'request.periods.update',
                { userPeriod: [null, '2027-03-15'] },
                'client',
                'Hanako Yamada',
              ),
              entry(
                'request.deliverable.create',
                { title: 'report.pdf', version: 2, sizeBytes: 2048 },
                'office',
                '山田 一郎',
              ),
              entry(
                'request.assignee',
                { assigneeUserId: [null, crypto.randomUUID()], assignee: [null, '佐藤 花子'] },
                'client',
                'Hanako Yamada',
              ),
            ],
          }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/history`, { apiUser: makeUser() });
    const list = await app.findByRole('list', { name: '履歴' }, slow);
    expect(within(list).getByText('依頼を登録しました')).toBeInTheDocument();
    expect(within(list).getAllByText('山田 一郎（依頼先）')).toHaveLength(3);
    expect(within(list).getByText('ステータス: 未対応 → 外部対応中')).toBeInTheDocument();
    expect(within(list).getByText('件名: Re: 見積')).toBeInTheDocument();
    expect(within(list).getByText('添付: estimate.pdf')).toBeInTheDocument();
    expect(within(list).getByText('ユーザー期限: 未設定 → 2027/03/15')).toBeInTheDocument();
    expect(within(list).getByText('report.pdf（第 2 版、2 KB）')).toBeInTheDocument();
    expect(within(list).getByText('担当者を変更しました')).toBeInTheDocument();
    expect(within(list).getByText('担当者: 未設定 → 佐藤 花子')).toBeInTheDocument();
    app.unmount();

    // The estimate/billing tab of an estimate request without an estimate: it is awaited.
    serveRequest('user');
    server.use(
      handlerFor(
        dealEndpoints.listRequestDeals,
        () => HttpResponse.json({ hasError: false, message: '', items: [] }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        invoiceEndpoints.listRequestInvoices,
        () => HttpResponse.json({ hasError: false, message: '', items: [] }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        conciergeEndpoints.getConcierge,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            item: {
              state: 'notUsed',
              firm: null,
              invoiceId: null,
              startedAt: null,
              fee: { amountYen: 30_000, taxYen: 3_000, totalYen: 33_000 },
            },
          }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const estimate = renderApp(`/requests/${projectId}/1/estimate-bill`, { apiUser: makeUser() });
    expect(await estimate.findByText(/事務所からの見積書を待っています/, {}, slow)).toBeInTheDocument();
    estimate.unmount();

    server.use(
      handlerFor(
        requestEndpoints.getRequest,
        () => HttpResponse.json({ hasError: true, message: '依頼が見つかりません' }, { status: 404 }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const missing = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser() });
    expect(await missing.findByText('依頼が見つかりません', {}, slow)).toBeInTheDocument();
    expect(missing.getByRole('link', { name: '依頼一覧へ' })).toHaveAttribute('href', '/requests');
  });
});
