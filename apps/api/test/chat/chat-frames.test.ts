import {
  chatEndpoints,
  realtimeChangeDocuments,
  type ChatMessage,
  type ChatRoomSummary,
} from '@ipportal/domain';
/**
 * The chat's frames that carry the change itself (ADR 0050): a subscription whose document selects
 * the change fields gets the message, and the room as its own side lists it, exactly as that
 * user reads them over REST; the client side, the addressed office and the coordinating concierge
 * each get their own view and nothing of another's; a read kept to the client side never reaches
 * an office; the topics' plain documents still get the ids only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  dataFor,
  realtimeOrigin,
  realtimeSockets,
  subscribe,
  tokenOf,
  type RealtimeTestClient,
} from '../support/realtime-client.js';
import { call } from '../support/endpoints.js';
import { pdfBytes } from '../projects/support.js';
import { buildChatWorld, postChat, roomUrl, type ChatRole, type ChatWorld } from './chat-support.js';

describe.skipIf(skipDriver)('chat frames carry the change, per side', () => {
  let ctx: TestContext;
  let w: ChatWorld;
  const realtime = realtimeSockets();

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: realtimeOrigin });
    w = await buildChatWorld(ctx, 'frames');
    await realtime.listen(ctx.app);
  });
  afterAll(async () => {
    await realtime.closeAll();
    await ctx?.close();
  });

  /** Connects `role` and subscribes to the room and the unread counts with the change documents. */
  const listen = async (role: ChatRole) => {
    const user = w[role];
    const client = await realtime.connect(user);
    const variables = { projectId: w.projectId, requestId: w.number };
    const room = await subscribe(
      client,
      'room',
      'onChatRoom',
      variables,
      tokenOf(user),
      realtimeChangeDocuments.onChatRoom,
    );
    expect(room.type).toBe('start_ack');
    const unread = await subscribe(
      client,
      'unread',
      'onChatUnread',
      {},
      tokenOf(user),
      realtimeChangeDocuments.onChatUnread,
    );
    expect(unread.type).toBe('start_ack');
    return client;
  };

  /** What `role` reads over REST: the room's messages and its entry in the room list. */
  const restView = async (role: ChatRole) => {
    const as = w[role];
    const namespace = role === 'office' || role === 'concierge' ? 'patent' : 'user';
    const params = { projectId: w.projectId, requestId: w.number };
    const messages = await call(ctx, chatEndpoints.listChatMessages, { as, namespace, params });
    const rooms = await call(ctx, chatEndpoints.listChatRooms, { as, namespace });
    expect(messages.statusCode, messages.body).toBe(200);
    expect(rooms.statusCode, rooms.body).toBe(200);
    return {
      messages: messages.json<{ items: ChatMessage[] }>().items,
      room: rooms
        .json<{ items: ChatRoomSummary[] }>()
        .items.find((r) => r.projectId === w.projectId && r.requestId === w.number),
    };
  };

  const roomFrame = async (client: RealtimeTestClient) =>
    (await client.next(dataFor('room'))).payload?.data?.onChatRoom as Record<string, unknown>;
  const unreadFrame = async (client: RealtimeTestClient) =>
    (await client.next(dataFor('unread'))).payload?.data?.onChatUnread as Record<string, unknown>;

  test('each side gets its own view of a message, a read and a withdrawal; plain documents get ids', async () => {
    const owner = await listen('owner');
    const assigned = await listen('assigned');
    const office = await listen('office');
    const concierge = await listen('concierge');
    // The plain document on the same room: the ids, as before.
    const variables = { projectId: w.projectId, requestId: w.number };
    expect((await subscribe(office, 'plain', 'onChatRoom', variables, tokenOf(w.office))).type).toBe(
      'start_ack',
    );
    // Another office hears nothing of the room, not even through its unread counts.
    const stranger = await realtime.connect(w.otherOffice);
    expect(
      (
        await subscribe(
          stranger,
          'unread',
          'onChatUnread',
          {},
          tokenOf(w.otherOffice),
          realtimeChangeDocuments.onChatUnread,
        )
      ).type,
    ).toBe('start_ack');

    const sent = await postChat(
      ctx,
      w.office,
      roomUrl('office', w.projectId, w.number),
      { body: '見積書です @Owner frames', mentions: [w.owner.id] },
      [{ name: 'estimate.pdf', content: pdfBytes('estimate'), contentType: 'application/pdf' }],
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ item: ChatMessage }>().item.id;

    const plain = (await office.next(dataFor('plain'))).payload?.data?.onChatRoom;
    expect(plain).toEqual({ ...variables, kind: 'message', messageId, seq: 1, userId: w.office.id });

    const views = {
      owner: await restView('owner'),
      assigned: await restView('assigned'),
      office: await restView('office'),
      concierge: await restView('concierge'),
    };
    const clients = { owner, assigned, office, concierge };
    for (const [role, client] of Object.entries(clients) as [keyof typeof views, RealtimeTestClient][]) {
      const view = views[role];
      expect(await roomFrame(client)).toEqual({
        ...variables,
        kind: 'message',
        messageId,
        seq: 1,
        userId: w.office.id,
        side: 'office',
        message: view.messages[0],
      });
      const unread = await unreadFrame(client);
      expect(unread.room, role).toEqual(view.room);
    }
    // The message itself: text, author, mention, the file's name and size.
    expect(views.owner.messages[0]).toMatchObject({
      body: '見積書です @Owner frames',
      senderUserId: w.office.id,
      mentions: [{ userId: w.owner.id, name: 'Owner frames' }],
      attachments: [{ name: 'estimate.pdf', sizeBytes: pdfBytes('estimate').length }],
    });
    // Each side's room entry names the other side; the office and the concierge read the same.
    expect(views.owner.room?.counterpartName).toBe('Firm frames');
    expect(views.office.room?.counterpartName).not.toBe('Firm frames');
    expect(views.concierge.room?.counterpartName).toBe(views.office.room?.counterpartName);
    expect(JSON.stringify(views.owner.room)).not.toContain(views.office.room!.counterpartName);
    // Counts are each reader's own: the mentioned owner, the assigned member, the sending office.
    expect(views.owner.room).toMatchObject({ unreadCount: 1, unreadMentionCount: 1 });
    expect(views.assigned.room).toMatchObject({ unreadCount: 1, unreadMentionCount: 0 });
    expect(views.office.room).toMatchObject({ unreadCount: 0, unreadMentionCount: 0 });

    // The owner reads: the office side hears the client side's read; the owner's counts fall.
    const read = await ctx.app.inject({
      method: 'POST',
      url: `${roomUrl('owner', w.projectId, w.number)}/read`,
      headers: w.owner.headers,
      payload: { throughSeq: 1 },
    });
    expect(read.statusCode).toBe(200);
    const readFrame = {
      ...variables,
      kind: 'read',
      messageId: null,
      seq: 1,
      userId: w.owner.id,
      side: 'client',
      message: null,
    };
    expect(await roomFrame(office)).toEqual(readFrame);
    expect(await roomFrame(concierge)).toEqual(readFrame);
    expect(await unreadFrame(owner)).toEqual({
      unreadMessageCount: 0,
      roomsWithUnread: 0,
      unreadMentionCount: 0,
      room: (await restView('owner')).room,
    });

    // The organization keeps its 既読 to itself: the assigned member's read reaches the client side only.
    const settings = await call(ctx, chatEndpoints.updateChatSettings, {
      as: w.admin,
      params: { organizationId: w.organizationId },
      body: { shareReadReceipts: false },
    });
    expect(settings.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: `${roomUrl('assigned', w.projectId, w.number)}/read`,
      headers: w.assigned.headers,
      payload: { throughSeq: 1 },
    });
    expect(await roomFrame(owner)).toMatchObject({ kind: 'read', userId: w.owner.id });
    expect(await roomFrame(owner)).toMatchObject({ kind: 'read', userId: w.assigned.id, side: 'client' });

    // The office withdraws: every side gets the withdrawn message without its text, mention or file.
    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `${roomUrl('office', w.projectId, w.number)}/messages/${messageId}/withdraw`,
      headers: w.office.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    for (const [role, client] of [
      ['office', office],
      ['concierge', concierge],
      ['owner', owner],
    ] as const) {
      const frame = await roomFrame(client);
      // The office side's next room frame is this one: the assigned member's read never came.
      expect(frame).toMatchObject({ kind: 'withdrawn', messageId });
      expect(frame.message).toEqual((await restView(role)).messages[0]);
      expect(frame.message).toMatchObject({ body: '', mentions: [], attachments: [], revisions: [] });
    }

    // The concierge writes for the office side and edits: the client side reads the edit with its history.
    const fromConcierge = await postChat(ctx, w.concierge, roomUrl('concierge', w.projectId, w.number), {
      body: '取りまとめます',
    });
    expect(fromConcierge.statusCode, fromConcierge.body).toBe(201);
    const conciergeMessageId = fromConcierge.json<{ item: ChatMessage }>().item.id;
    expect(await roomFrame(owner)).toMatchObject({ kind: 'message', side: 'office', seq: 2 });
    const edit = await call(ctx, chatEndpoints.editChatMessage, {
      as: w.concierge,
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number, messageId: conciergeMessageId },
      body: { body: '取りまとめます（追記）', mentions: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await roomFrame(owner);
    expect(edited).toMatchObject({ kind: 'edited', messageId: conciergeMessageId });
    expect(edited.message).toEqual((await restView('owner')).messages[1]);
    expect(edited.message).toMatchObject({
      body: '取りまとめます（追記）',
      revisions: [{ body: '取りまとめます' }],
    });

    // The stranger office heard nothing at all.
    expect(stranger.frames.filter((f) => f.type === 'data')).toHaveLength(0);
  });
});
