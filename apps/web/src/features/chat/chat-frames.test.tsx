import type { ChatMessage, ChatRoomSummary } from '@ipportal/domain';
import { chatEndpoints, realtimeChangeDocuments } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  jiroId,
  makeMessage,
  makeRoom,
  makeSummary,
  minutesAgo,
  projectId,
  serveRoom,
} from '../../../test/chat-fixtures';
import { fakeBrowserSockets, startsOnce } from '../../../test/browser-sockets';
import { countRequests } from '../../../test/count-requests';
import { makeUser } from '../../../test/fixtures';
import { handlerFor } from '../../../test/handler-for';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';

/*
 * Frames that carry the change itself (ADR 0050): the open room, its 既読 marks, the room list and
 * the sidebar's badge follow them without a single HTTP request, and messages arriving together
 * are marked read with one request. Requests are counted as MSW sees them.
 */

const slow = { timeout: 20_000 };
const ok = <T,>(item: T) => HttpResponse.json({ hasError: false, message: '', item });

beforeAll(async () => {
  await Promise.all([import('./chat-page'), import('./chat-unread-badge'), import('./locales/texts')]);
}, 60_000);

const { BrowserSocket, acceptedSocket } = fakeBrowserSockets();

const officeMessage = (seq: number, body: string): ChatMessage =>
  makeMessage(seq, {
    side: 'office',
    senderUserId: jiroId,
    senderName: '佐藤 次郎',
    body,
    sentAt: minutesAgo(0),
  });

describe('chat frames', { timeout: 60_000 }, () => {
  it('applies received messages, a read and the counts without any request; marks the batch read once', async () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    const first = makeMessage(1, { body: 'よろしくお願いします', sentAt: minutesAgo(20) });
    const served = serveRoom(makeRoom({ lastSeq: 1, myLastReadSeq: 1 }), [first]);
    const listed: ChatRoomSummary = makeSummary({
      lastMessage: {
        senderName: 'Hanako Yamada',
        excerpt: 'よろしくお願いします',
        withdrawn: false,
        attachmentCount: 0,
        sentAt: first.sentAt,
      },
    });
    server.use(
      ...served.handlers,
      handlerFor(
        chatEndpoints.listChatRooms,
        () => HttpResponse.json({ hasError: false, message: '', items: [listed], nextCursor: null }),
        { namespace: 'user' },
      ),
      handlerFor(
        chatEndpoints.getChatUnreadSummary,
        () => ok({ unreadMessageCount: 0, roomsWithUnread: 0, unreadMentionCount: 0 }),
        { namespace: 'user' },
      ),
    );
    const requests = countRequests();
    try {
      const app = renderApp(`/chat/${projectId}/1`, {
        apiUser: makeUser(),
        realtimeUrl: 'ws://localhost/graphql/realtime',
      });
      const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
      const socket = await acceptedSocket();
      const starts = await startsOnce(socket, 'onChatRoom');
      const roomStart = starts.find((s) => s.root === 'onChatRoom')!;
      const unreadStart = starts.find((s) => s.root === 'onChatUnread')!;
      // The web subscribes with the documents that select the change.
      expect(roomStart.query).toBe(realtimeChangeDocuments.onChatRoom);
      expect(unreadStart.query).toBe(realtimeChangeDocuments.onChatUnread);
      const messagesPath = `/user/chat/rooms/${projectId}/1/messages`;
      const fetchedMessages = () => requests.seen.filter((r) => r === `GET ${messagesPath}`).length;
      const before = fetchedMessages();
      for (const { id } of starts) socket.receive({ type: 'start_ack', id });
      // A start refetches what it speaks of once (an event may have come while it was starting).
      await waitFor(() => expect(fetchedMessages()).toBeGreaterThan(before), slow);
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      const settled = requests.seen.length;

      // The office writes five messages in a row: each frame carries its message.
      const arriving = [2, 3, 4, 5, 6].map((seq) => officeMessage(seq, `報告 ${seq}`));
      for (const message of arriving) {
        socket.receive({
          type: 'data',
          id: roomStart.id,
          payload: {
            data: {
              onChatRoom: {
                projectId,
                requestId: 1,
                kind: 'message',
                messageId: message.id,
                seq: message.seq,
                userId: jiroId,
                side: 'office',
                message,
              },
            },
          },
        });
      }
      expect(await within(thread).findByText('報告 6', undefined, slow)).toBeInTheDocument();
      expect(within(thread).getAllByRole('article')).toHaveLength(6);
      // Read through the last one with one request for the batch.
      await waitFor(() => expect(served.seen.reads).toEqual([6]), slow);

      // The office read the client's message: 既読 without asking for the room.
      socket.receive({
        type: 'data',
        id: roomStart.id,
        payload: {
          data: {
            onChatRoom: {
              projectId,
              requestId: 1,
              kind: 'read',
              messageId: null,
              seq: 6,
              userId: jiroId,
              side: 'office',
              message: null,
            },
          },
        },
      });
      const [own] = within(thread).getAllByRole('article') as [HTMLElement];
      expect(await within(own).findByText('既読', undefined, slow)).toBeInTheDocument();

      // Unread in another room: the badge and that room's list entry from the counts' frame.
      const other = makeSummary({
        requestId: 2,
        requestName: '商標調査',
        unreadCount: 2,
        lastMessage: {
          senderName: '佐藤 次郎',
          excerpt: '出願できます',
          withdrawn: false,
          attachmentCount: 0,
          sentAt: minutesAgo(0),
        },
      });
      socket.receive({
        type: 'data',
        id: unreadStart.id,
        payload: {
          data: {
            onChatUnread: { unreadMessageCount: 2, roomsWithUnread: 1, unreadMentionCount: 0, room: other },
          },
        },
      });
      const nav = within(await app.findByRole('navigation', { name: 'メインメニュー' }, slow));
      expect(
        await nav.findByRole('img', { name: 'チャットの未読 2 件（1 ルーム、メンション 0 件）' }, slow),
      ).toBeInTheDocument();
      const list = within(app.getByRole('list', { name: 'チャットルーム' }));
      const links = list.getAllByRole('link');
      expect(links[0]).toHaveTextContent('商標調査');
      expect(links[0]).toHaveTextContent('佐藤 次郎: 出願できます');

      await waitFor(() => expect(requests.open()).toBe(0), slow);
      // After the start's own refetch: the one read mark, nothing else.
      expect(requests.seen.slice(settled)).toEqual([`POST /user/chat/rooms/${projectId}/1/read`]);
      app.unmount();
    } finally {
      requests.stop();
    }
  });

  it('the sender sends a text as JSON and puts its own message from the answer, without refetching the room', async () => {
    const posted: { type: string | null; body: unknown }[] = [];
    const served = serveRoom(makeRoom({ lastSeq: 1, myLastReadSeq: 1 }), [
      makeMessage(1, { body: '最初のメッセージ', sentAt: minutesAgo(10) }),
    ]);
    server.use(
      ...served.handlers,
      handlerFor(
        chatEndpoints.sendChatMessage,
        async ({ request }) => {
          posted.push({ type: request.headers.get('Content-Type'), body: await request.json() });
          return ok(makeMessage(2, { body: '追加の資料です', sentAt: minutesAgo(0) }));
        },
        { namespace: 'user', params: { projectId, requestId: 1 } },
      ),
    );
    const requests = countRequests();
    try {
      const app = renderApp(`/chat/${projectId}/1`, { apiUser: makeUser() });
      const thread = await app.findByRole('list', { name: 'メッセージ' }, slow);
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      const settled = requests.seen.length;
      const form = app.getByRole('form', { name: 'メッセージを送信' });
      await app.user.type(within(form).getByRole('textbox', { name: 'メッセージ' }), '追加の資料です');
      await app.user.click(within(form).getByRole('button', { name: '送信' }));
      expect(await within(thread).findByText('追加の資料です', undefined, slow)).toBeInTheDocument();
      await waitFor(() => expect(requests.open()).toBe(0), slow);
      expect(requests.seen.slice(settled)).toEqual([`POST /user/chat/rooms/${projectId}/1/messages`]);
      expect(posted).toEqual([{ type: 'application/json', body: { body: '追加の資料です', mentions: [] } }]);
      app.unmount();
    } finally {
      requests.stop();
    }
  });
});
