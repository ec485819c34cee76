import { chatEndpoints } from '@ipportal/domain';
/**
 * Chat over the realtime socket in one process (PGlite and PostgreSQL): a message reaches the
 * room's subscribers and the members' unread counts; a read pointer reaches the other side only
 * when the reader's organization shares 既読; a refused room leaves the other subscriptions
 * running. The two-process version is test/process/chat-two-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { dataFor, realtimeOrigin, realtimeSockets, subscribe, tokenOf } from '../support/realtime-client.js';
import { buildChatWorld, postChat, roomUrl, type ChatWorld } from './chat-support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('chat over the realtime socket', () => {
  let ctx: TestContext;
  let w: ChatWorld;
  const realtime = realtimeSockets();

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: realtimeOrigin });
    w = await buildChatWorld(ctx, 'rtchat');
    await realtime.listen(ctx.app);
  });
  afterAll(async () => {
    await realtime.closeAll();
    await ctx?.close();
  });

  test('a message reaches the room and the unread counts; a read reaches the other side by the setting; a refused room leaves the rest running', async () => {
    const variables = { projectId: w.projectId, requestId: w.number };
    const owner = await realtime.connect(w.owner);
    const office = await realtime.connect(w.office);
    const stranger = await realtime.connect(w.otherOffice);
    expect((await subscribe(owner, 'room', 'onChatRoom', variables, tokenOf(w.owner))).type).toBe(
      'start_ack',
    );
    expect((await subscribe(owner, 'unread', 'onChatUnread', {}, tokenOf(w.owner))).type).toBe('start_ack');
    expect((await subscribe(office, 'room', 'onChatRoom', variables, tokenOf(w.office))).type).toBe(
      'start_ack',
    );
    expect((await subscribe(stranger, 'unread', 'onChatUnread', {}, tokenOf(w.otherOffice))).type).toBe(
      'start_ack',
    );
    const refused = await subscribe(stranger, 'room', 'onChatRoom', variables, tokenOf(w.otherOffice));
    expect(refused.payload?.errors?.[0]?.errorType).toBe('ForbiddenException');

    const sent = await postChat(ctx, w.office, roomUrl('office', w.projectId, w.number), {
      body: 'ご確認ください',
      mentions: [w.owner.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ item: { id: string } }>().item.id;
    const expected = { ...variables, kind: 'message', messageId, seq: 1, userId: w.office.id };
    expect((await owner.next(dataFor('room'))).payload?.data?.onChatRoom).toEqual(expected);
    expect((await office.next(dataFor('room'))).payload?.data?.onChatRoom).toEqual(expected);
    expect((await owner.next(dataFor('unread'))).payload?.data?.onChatUnread).toEqual({
      unreadMessageCount: 1,
      roomsWithUnread: 1,
      unreadMentionCount: 1,
    });

    // The organization shares 既読: the office hears that the owner read through 1.
    const read = await ctx.app.inject({
      method: 'POST',
      url: `${roomUrl('owner', w.projectId, w.number)}/read`,
      headers: w.owner.headers,
      payload: { throughSeq: 1 },
    });
    expect(read.statusCode).toBe(200);
    const readEvent = { ...variables, kind: 'read', messageId: null, seq: 1, userId: w.owner.id };
    expect((await office.next(dataFor('room'))).payload?.data?.onChatRoom).toEqual(readEvent);
    expect((await owner.next(dataFor('room'))).payload?.data?.onChatRoom).toEqual(readEvent);
    expect((await owner.next(dataFor('unread'))).payload?.data?.onChatUnread).toMatchObject({
      unreadMessageCount: 0,
    });

    // Sharing off: the administrator's read reaches the client side only.
    const settings = await call(ctx, chatEndpoints.updateChatSettings, {
      as: w.admin,
      params: { organizationId: w.organizationId },
      body: { shareReadReceipts: false },
    });
    expect(settings.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: `${roomUrl('admin', w.projectId, w.number)}/read`,
      headers: w.admin.headers,
      payload: { throughSeq: 1 },
    });
    expect((await owner.next(dataFor('room'))).payload?.data?.onChatRoom).toMatchObject({
      kind: 'read',
      userId: w.admin.id,
    });
    // The office's next room event is the withdrawal below, not the administrator's read.
    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `${roomUrl('office', w.projectId, w.number)}/messages/${messageId}/withdraw`,
      headers: w.office.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await office.next(dataFor('room'))).payload?.data?.onChatRoom).toMatchObject({
      kind: 'withdrawn',
      messageId,
    });
    // The refused start left the stranger's other subscription running: it still answers starts.
    expect((await subscribe(stranger, 'again', 'onChatUnread', {}, tokenOf(w.otherOffice))).type).toBe(
      'start_ack',
    );
    expect(stranger.frames.filter((f) => f.type === 'data' && f.id === 'room')).toHaveLength(0);
  });
});
