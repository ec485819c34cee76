import type { ChatMessage, ChatRoomSummary } from '@ipportal/domain';
import { realtimeAccessRevoked, chatEndpoints } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hanakoId,
  jiroId,
  makeMessage,
  makeRoom,
  makeSummary,
  minutesAgo,
  projectId,
  serveRoom,
  taroId,
} from '../../../test/chat-fixtures';
import { fakeBrowserSockets, startsOnce } from '../../../test/browser-sockets';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { chatFormatsFor } from './chat-format';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const ok = <T,>(item: T) => HttpResponse.json({ hasError: false, message: '', item });

beforeAll(async () => {
  // The first lazy import of the page is slow in vitest's module runner.
  await Promise.all([import('./chat-page'), import('./chat-unread-badge'), import('./locales/texts')]);
}, 60_000);

const { sockets, BrowserSocket, acceptedSocket } = fakeBrowserSockets();

describe('chat room list', { timeout: 60_000 }, () => {
  it('lists rooms with unread counts, mentions and excerpts; searches; loads more by cursor; badge in the sidebar', async () => {
    const queries: string[] = [];
    const page1: ChatRoomSummary[] = [
      makeSummary({ requestId: 1, unreadCount: 3, unreadMentionCount: 1 }),
      makeSummary({
        requestId: 2,
        requestName: '商標調査',
        lastMessage: {
          senderName: 'Hanako Yamada',
          excerpt: '',
          withdrawn: true,
          attachmentCount: 0,
          sentAt: '2026-11-20T02:30:00.000Z',
        },
      }),
    ];
    const page2 = [
      makeSummary({
        requestId: 3,
        requestName: '意匠出願',
        lastMessage: {
          senderName: '佐藤 次郎',
          excerpt: '',
          withdrawn: false,
          attachmentCount: 2,
          sentAt: '2026-11-19T02:30:00.000Z',
        },
      }),
    ];
    server.use(
      handlerFor(
        chatEndpoints.listChatRooms,
        ({ request }) => {
          const url = new URL(request.url);
          queries.push(url.search);
          const q = url.searchParams.get('q');
          if (q) {
            return HttpResponse.json({
              hasError: false,
              message: '',
              items: page1.filter((r) => r.requestName.includes(q)),
              nextCursor: null,
            });
          }
          const second = url.searchParams.get('cursor') === 'c2';
          return HttpResponse.json({
            hasError: false,
            message: '',
            items: second ? page2 : page1,
            nextCursor: second ? null : 'c2',
          });
        },
        { namespace: 'user' },
      ),
      handlerFor(
        chatEndpoints.getChatUnreadSummary,
        () => ok({ unreadMessageCount: 3, roomsWithUnread: 1, unreadMentionCount: 1 }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/chat', { apiUser: makeUser() });
    const list = await app.findByRole('list', { name: 'チャットルーム' }, slow);
    const first = within(list).getByRole('link', { name: /米国出願の見積依頼/ });
    expect(first).toHaveAttribute('href', `/chat/${projectId}/1`);
    expect(within(first).getByRole('img', { name: '未読 3 件' })).toHaveTextContent('3');
    expect(within(first).getByRole('img', { name: 'あなたへのメンション 1 件' })).toBeInTheDocument();
    expect(first).toHaveTextContent('佐藤 次郎: 見積書を添付しました');
    expect(first).toHaveTextContent('山田特許事務所 · P-2026-001 燃料電池用セパレータ');
    expect(within(list).getByRole('link', { name: /商標調査/ })).toHaveTextContent(
      'Hanako Yamada: 取り消されたメッセージ',
    );
    expect(app.getByText('左の一覧からルームを選んでください。')).toBeInTheDocument();

    // The sidebar's chat entry carries the unread total.
    const nav = within(await app.findByRole('navigation', { name: 'メインメニュー' }, slow));
    expect(
      await nav.findByRole('img', { name: 'チャットの未読 3 件（1 ルーム、メンション 1 件）' }, slow),
    ).toHaveTextContent('3');
    expect(nav.getByRole('link', { name: /チャット/ })).toHaveAttribute('aria-current', 'page');

    // More by cursor.
    await app.user.click(within(list).getByRole('button', { name: 'さらに読み込む' }));
    expect(await within(list).findByRole('link', { name: /意匠出願/ }, slow)).toHaveTextContent(
      '佐藤 次郎: ファイル 2 件',
    );
    expect(queries).toContain('?cursor=c2');
    expect(within(list).queryByRole('button', { name: 'さらに読み込む' })).toBeNull();

    // Search.
    await app.user.type(app.getByRole('searchbox', { name: 'ルームを検索' }), '商標');
    await waitFor(
      () =>
        expect(within(app.getByRole('list', { name: 'チャットルーム' })).getAllByRole('link')).toHaveLength(
          1,
        ),
      slow,
    );
    expect(queries.at(-1)).toBe(`?q=${encodeURIComponent('商標')}`);
    expect(app.missingKeys).toEqual([]);
  });

  it('says so when there are no rooms, in English', async () => {
    const app = renderApp('/chat', { apiUser: makeUser(), locale: 'en' });
    expect(
      await app.findByText(
        "No room has messages yet. Start a chat from a request's details.",
        undefined,
        slow,
      ),
    ).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });
});

describe('chat room', { timeout: 60_000 }, () => {
  it('shows day separators, 既読, edited with earlier texts, withdrawn, mentions, files; marks read; edits and withdraws', async () => {
    const messages: ChatMessage[] = [
      makeMessage(1, { body: '資料をお送りします', sentAt: '2026-11-20T01:00:00.000Z' }),
      makeMessage(2, {
        side: 'office',
        senderUserId: jiroId,
        senderName: '佐藤 次郎',
        body: '@Hanako Yamada 受領しました。@鈴木 太郎 さんにも共有します',
        sentAt: '2026-11-21T02:00:00.000Z',
        mentions: [
          { userId: hanakoId, name: 'Hanako Yamada' },
          { userId: taroId, name: '鈴木 太郎' },
        ],
        editedAt: '2026-11-21T02:05:00.000Z',
        revisions: [{ body: '受領しました', replacedAt: '2026-11-21T02:05:00.000Z' }],
        attachments: [
          { id: crypto.randomUUID(), name: 'estimate.pdf', contentType: 'application/pdf', sizeBytes: 2048 },
        ],
      }),
      makeMessage(3, {
        body: '',
        withdrawnAt: '2026-11-21T03:01:00.000Z',
        sentAt: '2026-11-21T03:00:00.000Z',
      }),
      makeMessage(4, { body: '5 分前のメッセージ', sentAt: minutesAgo(5) }),
      makeMessage(5, { body: 'いま送ったメッセージ', sentAt: minutesAgo(0.5) }),
    ];
    const room = makeRoom({ otherSideReadSeq: 4, myLastReadSeq: 1, lastSeq: 5 });
    const served = serveRoom(room, messages);
    let edited: unknown = null;
    let withdrawn = 0;
    server.use(
      ...served.handlers,
      handlerFor(
        chatEndpoints.editChatMessage,
        async ({ request }) => {
          edited = await request.json();
          return ok({ ...messages[3], body: '直しました', editedAt: new Date().toISOString() });
        },
        { namespace: 'user', params: { projectId, requestId: 1, messageId: messages[3]!.id } },
      ),
      handlerFor(
        chatEndpoints.withdrawChatMessage,
        () => {
          withdrawn += 1;
          return ok({ ...messages[4], body: '', withdrawnAt: new Date().toISOString() });
        },
        { namespace: 'user', params: { projectId, requestId: 1, messageId: messages[4]!.id } },
      ),
    );
    const app = renderApp(`/chat/${projectId}/1`, { apiUser: makeUser() });
    expect(
      await app.findByRole('heading', { level: 2, name: '米国出願の見積依頼' }, slow),
    ).toBeInTheDocument();
    expect(app.getByRole('link', { name: '案件: P-2026-001 燃料電池用セパレータ' })).toHaveAttribute(
      'href',
      `/projects?project-id=${projectId}`,
    );
    expect(app.getByRole('link', { name: '依頼の詳細' })).toHaveAttribute(
      'href',
      `/requests/${projectId}/1/mails`,
    );

    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    const formats = chatFormatsFor('ja');
    // Day separators: one per day (the last two messages are today's, unless the test runs at midnight).
    for (const iso of ['2026-11-20T01:00:00.000Z', '2026-11-21T02:00:00.000Z']) {
      expect(within(thread).getByText(formats.day(iso))).toBeInTheDocument();
    }
    const articles = within(thread).getAllByRole('article');
    expect(articles).toHaveLength(5);
    const [m1, m2, m3, m4, m5] = articles as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    // 既読 on the caller's side's messages the office has read (through seq 4), not on seq 5.
    expect(within(m1).getByText('既読')).toBeInTheDocument();
    expect(within(m4).getByText('既読')).toBeInTheDocument();
    expect(within(m5).queryByText('既読')).toBeNull();
    expect(within(m2).queryByText('既読')).toBeNull();

    // The office's message: sender with the office, mentions highlighted, edited with the earlier text, a file.
    expect(within(m2).getByText('佐藤 次郎（山田特許事務所）')).toBeInTheDocument();
    expect(within(m2).getByText('@Hanako Yamada').tagName).toBe('STRONG');
    expect(within(m2).getByText('@鈴木 太郎').tagName).toBe('STRONG');
    expect(within(m2).getByText('あなたへのメンション')).toBeInTheDocument();
    await app.user.click(within(m2).getByText('編集済み'));
    expect(
      within(within(m2).getByRole('list', { name: '編集前のメッセージ' })).getByText('受領しました'),
    ).toBeVisible();
    expect(within(m2).getByRole('button', { name: 'estimate.pdf をダウンロード' })).toBeInTheDocument();
    expect(within(m2).queryByRole('button', { name: '編集' })).toBeNull();

    // Withdrawn: no text, no actions.
    expect(within(m3).getByText('このメッセージは取り消されました')).toBeInTheDocument();
    expect(within(m3).queryByRole('button')).toBeNull();
    // Old own message: no actions; 5 minutes: edit only; 30 s: edit and withdraw.
    expect(within(m1).queryByRole('button', { name: '編集' })).toBeNull();
    expect(within(m4).getByRole('button', { name: '編集' })).toBeInTheDocument();
    expect(within(m4).queryByRole('button', { name: '取り消し' })).toBeNull();
    expect(within(m5).getByRole('button', { name: '取り消し' })).toBeInTheDocument();

    // Opening the room marks it read through its last message.
    await waitFor(() => expect(served.seen.reads).toEqual([5]));

    // Edit, with a mention picked with the keyboard.
    await app.user.click(within(m4).getByRole('button', { name: '編集' }));
    const field = within(m4).getByRole('textbox', { name: 'メッセージを編集' });
    await app.user.clear(field);
    await app.user.type(field, '直しました @佐');
    const options = await within(m4).findByRole('listbox', { name: 'メンションする参加者' });
    expect(within(options).getByRole('option', { name: /佐藤 次郎/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await app.user.keyboard('{Enter}');
    expect(field).toHaveValue('直しました @佐藤 次郎 ');
    await app.user.click(within(m4).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(edited).toEqual({ body: '直しました @佐藤 次郎', mentions: [jiroId] }));

    // Withdraw after confirming.
    await app.user.click(within(m5).getByRole('button', { name: '取り消し' }));
    const dialog = await app.findByRole('alertdialog', { name: 'メッセージを取り消しますか？' });
    await app.user.click(within(dialog).getByRole('button', { name: '取り消す' }));
    await waitFor(() => expect(withdrawn).toBe(1));
    expect(app.missingKeys).toEqual([]);
  });

  it('shows no 既読 when the other side does not share read receipts; a deleted matter is read-only (English)', async () => {
    const messages = [makeMessage(1, { body: 'Hello', sentAt: minutesAgo(1) })];
    const room = makeRoom({
      otherSideReadSeq: null,
      otherSideSharesReadReceipts: false,
      writable: false,
      lastSeq: 1,
      myLastReadSeq: 1,
    });
    server.use(...serveRoom(room, messages).handlers);
    const app = renderApp(`/chat/${projectId}/1`, { apiUser: makeUser(), locale: 'en' });
    const thread = await app.findByRole('list', { name: 'Messages' }, slow);
    const [message] = within(thread).getAllByRole('article') as [HTMLElement];
    expect(within(message).getByText('Hanako Yamada (you)')).toBeInTheDocument();
    expect(within(message).queryByText('Read')).toBeNull();
    // Frozen: no edit, no withdraw, no composer.
    expect(within(message).queryByRole('button')).toBeNull();
    expect(app.getByText('The matter was deleted: this chat is read-only.')).toBeInTheDocument();
    expect(app.queryByRole('form', { name: 'Send a message' })).toBeNull();
    expect(app.missingKeys).toEqual([]);
  });

  it('says a room the caller may not see is not found', async () => {
    server.use(
      handlerFor(
        chatEndpoints.getChatRoom,
        () => HttpResponse.json({ hasError: true, message: '依頼が見つかりません' }, { status: 404 }),
        { namespace: 'user', params: { projectId, requestId: 9 } },
      ),
      handlerFor(
        chatEndpoints.listChatMessages,
        () => HttpResponse.json({ hasError: true, message: '依頼が見つかりません' }, { status: 404 }),
        { namespace: 'user', params: { projectId, requestId: 9 } },
      ),
    );
    const app = renderApp(`/chat/${projectId}/9`, { apiUser: makeUser() });
    expect(
      await app.findByRole('heading', { level: 2, name: 'チャットが見つかりません' }, slow),
    ).toBeInTheDocument();
  });
});

describe('chat room, left at once', { timeout: 60_000 }, () => {
  it('leaving the room before its read mark was due still marks what was shown read', async () => {
    const office = { side: 'office' as const, senderUserId: jiroId, senderName: '佐藤 次郎' };
    const messages = [
      makeMessage(1, { ...office, body: '最初の連絡' }),
      makeMessage(2, { ...office, body: '続報です' }),
    ];
    const served = serveRoom(makeRoom({ lastSeq: 2, myLastReadSeq: 0 }), messages);
    server.use(...served.handlers);
    const app = renderApp(`/chat/${projectId}/1`, { apiUser: makeUser() });
    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    expect(within(thread).getAllByRole('article')).toHaveLength(2);
    // Gone well inside the 300 ms the room waits for more messages to mark together.
    app.unmount();
    await waitFor(() => expect(served.seen.reads).toEqual([2]), slow);
  });
});

describe('chat composer', { timeout: 60_000 }, () => {
  it('checks the text and files first, shows the server refusal, and sends text, mentions and files', async () => {
    const room = makeRoom({ mySide: 'office', members: makeRoom().members, lastSeq: 0 });
    const posted: FormData[] = [];
    let refuse = true;
    server.use(
      ...serveRoom(room, [], 'patent').handlers,
      handlerFor(
        chatEndpoints.sendChatMessage,
        async ({ request }) => {
          posted.push(await request.formData());
          if (refuse) {
            return HttpResponse.json(
              { hasError: true, message: 'メンションできるのはこのチャットの参加者だけです' },
              { status: 400 },
            );
          }
          return ok(makeMessage(1, { side: 'office', senderUserId: jiroId }));
        },
        { namespace: 'patent', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/chat/${projectId}/1`, {
      session: { userType: 'PATENT', subject: 'user-patent-1' },
      apiUser: makeUser({ id: jiroId, userType: 'PATENT', name: '佐藤 次郎' }),
    });
    expect(await app.findByText('メッセージはまだありません', undefined, slow)).toBeInTheDocument();
    const form = app.getByRole('form', { name: 'メッセージを送信' });

    // Nothing to send.
    await app.user.click(within(form).getByRole('button', { name: '送信' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'メッセージを入力するか、ファイルを添付してください',
    );
    expect(posted).toHaveLength(0);

    // A file over the limit is refused here; one within it is listed.
    const input = app.getByTestId('chat-file-input');
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' });
    const small = new File(['%PDF-1.4'], 'memo.pdf', { type: 'application/pdf' });
    await app.user.upload(input, [big, small]);
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'huge.pdf は 20 MB を超えているため添付できません',
    );
    const attached = within(form).getByRole('list', { name: '添付するファイル' });
    expect(within(attached).getByText(/memo\.pdf/)).toBeInTheDocument();
    expect(within(attached).queryByText(/huge\.pdf/)).toBeNull();

    // The member picker (the writer is not offered), then the server's refusal in the user's language.
    const field = within(form).getByRole('textbox', { name: 'メッセージ' });
    await app.user.type(field, '@');
    const options = within(form).getByRole('listbox', { name: 'メンションする参加者' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.firstChild?.textContent),
    ).toEqual(['Hanako Yamada', '鈴木 太郎']);
    await app.user.keyboard('{ArrowDown}{Enter}');
    await app.user.type(field, 'ご確認ください');
    expect(field).toHaveValue('@鈴木 太郎 ご確認ください');
    await app.user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      '送信できませんでした メンションできるのはこのチャットの参加者だけです',
    );
    expect(posted).toHaveLength(1);
    const sent = posted[0]!;
    expect(sent.get('body')).toBe('@鈴木 太郎 ご確認ください');
    expect(JSON.parse(sent.get('mentions') as string)).toEqual([taroId]);
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['memo.pdf']);
    expect(field).toHaveValue('@鈴木 太郎 ご確認ください');

    // Accepted: the composer empties.
    refuse = false;
    await app.user.click(within(form).getByRole('button', { name: '送信' }));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(within(form).queryByRole('list', { name: '添付するファイル' })).toBeNull();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(app.missingKeys).toEqual([]);
  });
});

describe('chat live', { timeout: 60_000 }, () => {
  it('follows onChatRoom (new message announced politely, 既読 after a read) and onChatUnread (the badge)', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    let messages = [makeMessage(1, { body: 'よろしくお願いします', sentAt: minutesAgo(20) })];
    let room = makeRoom({ lastSeq: 1, myLastReadSeq: 1 });
    let unread = { unreadMessageCount: 0, roomsWithUnread: 0, unreadMentionCount: 0 };
    server.use(
      handlerFor(chatEndpoints.getChatRoom, () => ok(room), {
        namespace: 'user',
        params: { projectId, requestId: 1 },
      }),
      handlerFor(
        chatEndpoints.listChatMessages,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: messages,
            hasOlder: false,
            hasNewer: false,
          }),
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        chatEndpoints.markChatRead,
        async ({ request }) => {
          const { throughSeq } = await request.json();
          return ok({ lastReadSeq: throughSeq });
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
      handlerFor(chatEndpoints.getChatUnreadSummary, () => ok(unread), { namespace: 'user' }),
    );
    const app = renderApp(`/chat/${projectId}/1`, {
      apiUser: makeUser(),
      realtimeUrl: 'ws://localhost/graphql/realtime',
    });
    const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
    const socket = await acceptedSocket();
    const starts = await startsOnce(socket, 'onChatRoom');
    const roomStart = starts.find((s) => s.root === 'onChatRoom')!;
    expect(roomStart.variables).toEqual({ projectId, requestId: 1 });
    for (const { id } of starts) socket.receive({ type: 'start_ack', id });

    // The office writes: the room refetches and a screen reader hears it.
    messages = [
      ...messages,
      makeMessage(2, {
        side: 'office',
        senderUserId: jiroId,
        senderName: '佐藤 次郎',
        body: '承知しました',
        sentAt: minutesAgo(0),
      }),
    ];
    room = { ...room, lastSeq: 2 };
    socket.receive({
      type: 'data',
      id: roomStart.id,
      payload: {
        data: {
          onChatRoom: {
            projectId,
            requestId: 1,
            kind: 'message',
            messageId: messages[1]!.id,
            seq: 2,
            userId: jiroId,
          },
        },
      },
    });
    expect(await within(thread).findByText('承知しました', undefined, slow)).toBeInTheDocument();
    await waitFor(() =>
      expect(app.getByTestId('chat-announcer')).toHaveTextContent('新しいメッセージ 佐藤 次郎: 承知しました'),
    );
    expect(app.getByTestId('chat-announcer')).toHaveAttribute('aria-live', 'polite');

    // The office reads: 既読 appears on the client's message.
    room = { ...room, otherSideReadSeq: 1 };
    socket.receive({
      type: 'data',
      id: roomStart.id,
      payload: {
        data: {
          onChatRoom: { projectId, requestId: 1, kind: 'read', messageId: null, seq: 1, userId: jiroId },
        },
      },
    });
    const [own] = within(thread).getAllByRole('article') as [HTMLElement];
    expect(await within(own).findByText('既読', undefined, slow)).toBeInTheDocument();

    // Unread elsewhere: the sidebar badge follows onChatUnread.
    unread = { unreadMessageCount: 2, roomsWithUnread: 1, unreadMentionCount: 0 };
    const unreadStart = starts.find((s) => s.root === 'onChatUnread')!;
    socket.receive({ type: 'data', id: unreadStart.id, payload: { data: { onChatUnread: unread } } });
    const nav = within(await app.findByRole('navigation', { name: 'メインメニュー' }, slow));
    expect(
      await nav.findByRole('img', { name: 'チャットの未読 2 件（1 ルーム、メンション 0 件）' }, slow),
    ).toBeInTheDocument();
    app.unmount();
  });

  it('access taken away while the room is open: the server ends the subscription and the room says so (ja, en)', async () => {
    for (const [locale, title, messagesLabel] of [
      ['ja', 'このチャットを見る権限がなくなりました', 'メッセージ'],
      ['en', 'You no longer have access to this chat', 'Messages'],
    ] as const) {
      vi.stubGlobal('WebSocket', BrowserSocket);
      sockets.length = 0;
      const messages = [makeMessage(1, { body: '秘密の相談', sentAt: minutesAgo(5) })];
      server.use(...serveRoom(makeRoom({ lastSeq: 1, myLastReadSeq: 1 }), messages).handlers);
      const app = renderApp(`/chat/${projectId}/1`, {
        apiUser: makeUser(),
        locale,
        realtimeUrl: 'ws://localhost/graphql/realtime',
      });
      const thread = await app.findByRole('list', { name: messagesLabel }, slow);
      expect(within(thread).getByText('秘密の相談')).toBeInTheDocument();
      const socket = await acceptedSocket();
      const starts = await startsOnce(socket, 'onChatRoom');
      for (const { id } of starts) socket.receive({ type: 'start_ack', id });
      const roomStart = starts.find((s) => s.root === 'onChatRoom')!;
      socket.receive({
        type: 'error',
        id: roomStart.id,
        payload: { errors: [{ errorType: 'ForbiddenException', message: realtimeAccessRevoked }] },
      });
      expect(await app.findByRole('heading', { level: 2, name: title }, slow)).toBeInTheDocument();
      expect(app.queryByText('秘密の相談')).toBeNull();
      expect(app.missingKeys).toEqual([]);
      app.unmount();
    }
  });
});
