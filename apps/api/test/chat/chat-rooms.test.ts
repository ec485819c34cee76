import {
  chatRoomListResponseSchema,
  chatRoomPageSize,
  chatEndpoints,
  type ApiNamespace,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, chatRooms, organizations } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { insertRequest } from '../requests/detail-support.js';
import { buildChatWorld, postChat, roomUrl, type ChatWorld } from './chat-support.js';
import { call } from '../support/endpoints.js';

/*
 * The room list: rooms with messages among the requests the caller sees, newest message first,
 * a keyset cursor over more than one page, search over the request, the matter and the other
 * side's name, unread counts and the last message per room.
 */

describe.skipIf(skipDriver)('chat room list', () => {
  let ctx: TestContext;
  let w: ChatWorld;
  const extra = chatRoomPageSize + 4;
  /** The room list; `query` as written after the path ('' or '?a=b'). */
  const list = async (namespace: ApiNamespace, headers: { authorization: string }, query = '') => {
    const response = await call(ctx, chatEndpoints.listChatRooms, {
      headers,
      namespace,
      search: query.replace(/^\?/, ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    return chatRoomListResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildChatWorld(ctx, 'list');
    await ctx.app.db
      .update(organizations)
      .set({ name: '株式会社サクラ' })
      .where(eq(organizations.id, w.organizationId));
    // Older rooms written directly: one message each, a minute apart (the oldest first).
    const base = Date.UTC(2026, 10, 1);
    for (let i = 0; i < extra; i++) {
      const request = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id, {
        name: `過去の依頼 ${i}`,
      });
      const at = new Date(base + i * 60_000);
      const [room] = await ctx.app.db
        .insert(chatRooms)
        .values({ requestId: request.id, lastSeq: 1, lastMessageAt: at })
        .returning({ id: chatRooms.id });
      await ctx.app.db.insert(chatMessages).values({
        roomId: room!.id,
        seq: 1,
        senderUserId: w.office.id,
        senderSide: 'office',
        body: `古いメッセージ ${i}`,
        createdAt: at,
      });
    }
    // A room without messages is not listed.
    await insertRequest(ctx, w.projectId, w.firmId, w.owner.id, { name: '未使用の依頼' });
  });
  afterAll(async () => ctx?.close());

  test('newest message first, with the last message and unread counts; the cursor walks every page once', async () => {
    const sent = await postChat(ctx, w.office, roomUrl('office', w.projectId, w.number), {
      body: `${'長'.repeat(120)}`,
      mentions: [w.owner.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const page1 = await list('user', w.owner.headers);
    expect(page1.items).toHaveLength(chatRoomPageSize);
    const top = page1.items[0]!;
    expect(top).toMatchObject({
      requestId: w.number,
      projectTitle: '案件 list',
      referenceCode: 'P-2026-001',
      counterpartName: 'Firm list',
      unreadCount: 1,
      unreadMentionCount: 1,
    });
    expect(top.lastMessage).toMatchObject({
      senderName: 'office-list',
      withdrawn: false,
      attachmentCount: 0,
    });
    expect(Array.from(top.lastMessage!.excerpt)).toHaveLength(100);
    expect(page1.items[1]!.requestName).toBe(`過去の依頼 ${extra - 1}`);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await list('user', w.owner.headers, `?cursor=${page1.nextCursor}`);
    expect(page2.nextCursor).toBeNull();
    const names = [...page1.items, ...page2.items].map((r) => r.requestName);
    expect(names).toHaveLength(extra + 1);
    expect(new Set(names).size).toBe(extra + 1);
    expect(names).not.toContain('未使用の依頼');
    expect(page2.items.at(-1)!.requestName).toBe('過去の依頼 0');

    const bad = await call(ctx, chatEndpoints.listChatRooms, {
      as: w.owner,
      namespace: 'user',
      query: { cursor: 'nonsense' },
    });
    expect(bad.statusCode).toBe(400);
  });

  test('search: request name, matter title, reference code, the other side (office for a client, the client organization for an office)', async () => {
    expect(
      (await list('user', w.owner.headers, `?q=${encodeURIComponent('過去の依頼 1')}`)).items.length,
    ).toBe(1 + [...Array(extra).keys()].filter((i) => String(i).startsWith('1') && i >= 10).length);
    expect((await list('user', w.owner.headers, '?q=p-2026')).items).toHaveLength(chatRoomPageSize);
    expect((await list('user', w.owner.headers, '?q=Firm%20list')).items).toHaveLength(chatRoomPageSize);
    expect((await list('user', w.owner.headers, '?q=nothing-like-this')).items).toHaveLength(0);
    const byClient = await list('patent', w.office.headers, `?q=${encodeURIComponent('サクラ')}`);
    expect(byClient.items[0]!.counterpartName).toBe('株式会社サクラ');
    // A wildcard is a character, not a pattern.
    expect((await list('user', w.owner.headers, '?q=%25')).items).toHaveLength(0);
  });

  test('only rooms of requests the caller sees', async () => {
    expect((await list('user', w.unassigned.headers)).items).toHaveLength(0);
    expect((await list('patent', w.otherOffice.headers)).items).toHaveLength(0);
    const concierge = await list('patent', w.concierge.headers);
    expect(concierge.items.map((r) => r.requestId)).toEqual([w.number]);
    expect(concierge.items[0]!.unreadCount).toBe(0);
  });
});
