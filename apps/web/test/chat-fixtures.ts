import { chatEndpoints } from '@ipportal/domain';
import type { ChatMessage, ChatRoom, ChatRoomSummary } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { handlerFor } from './handler-for';

/** Test data of the chat: a client (Hanako, the fixtures' user), an office user and a colleague. */
export const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
export const hanakoId = '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10';
export const jiroId = '5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const taroId = '6b2f3c4d-5e6f-4a71-8b8c-0d1e2f3a4b5c';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
export { minutesAgo };

export function makeSummary(overrides: Partial<ChatRoomSummary> = {}): ChatRoomSummary {
  return {
    projectId,
    requestId: 1,
    requestName: '米国出願の見積依頼',
    projectTitle: '燃料電池用セパレータ',
    referenceCode: 'P-2026-001',
    counterpartName: '山田特許事務所',
    unreadCount: 0,
    unreadMentionCount: 0,
    lastMessage: {
      senderName: '佐藤 次郎',
      excerpt: '見積書を添付しました',
      withdrawn: false,
      attachmentCount: 0,
      sentAt: '2026-11-21T02:30:00.000Z',
    },
    ...overrides,
  };
}

export function makeRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    projectId,
    requestId: 1,
    requestName: '米国出願の見積依頼',
    projectTitle: '燃料電池用セパレータ',
    referenceCode: 'P-2026-001',
    counterpartName: '山田特許事務所',
    unreadCount: 0,
    unreadMentionCount: 0,
    mySide: 'client',
    members: [
      { userId: hanakoId, name: 'Hanako Yamada', side: 'client', affiliation: '株式会社サンプル技研' },
      { userId: taroId, name: '鈴木 太郎', side: 'client', affiliation: '株式会社サンプル技研' },
      { userId: jiroId, name: '佐藤 次郎', side: 'office', affiliation: '山田特許事務所' },
    ],
    otherSideReadSeq: null,
    otherSideSharesReadReceipts: true,
    myLastReadSeq: 0,
    lastSeq: 0,
    writable: true,
    ...overrides,
  };
}

export function makeMessage(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    side: 'client',
    senderUserId: hanakoId,
    senderName: 'Hanako Yamada',
    body: `メッセージ ${seq}`,
    sentAt: '2026-11-20T02:00:00.000Z',
    editedAt: null,
    revisions: [],
    withdrawnAt: null,
    mentions: [],
    attachments: [],
    ...overrides,
  };
}

/** Serves a room and its messages (one page, no older); returns what the client posted. */
export function serveRoom(room: ChatRoom, messages: ChatMessage[], ns: 'user' | 'patent' = 'user') {
  const seen = { reads: [] as number[] };
  return {
    seen,
    handlers: [
      handlerFor(
        chatEndpoints.getChatRoom,
        () => HttpResponse.json({ hasError: false, message: '', item: room }),
        { namespace: ns, params: { projectId, requestId: room.requestId } },
      ),
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
        { namespace: ns, params: { projectId, requestId: room.requestId } },
      ),
      handlerFor(
        chatEndpoints.markChatRead,
        async ({ request }) => {
          const { throughSeq } = await request.json();
          seen.reads.push(throughSeq);
          return HttpResponse.json({ hasError: false, message: '', item: { lastReadSeq: throughSeq } });
        },
        { namespace: ns, params: { projectId, requestId: room.requestId } },
      ),
    ],
  };
}
