import { chatMessageListResponseSchema, chatMessageResponseSchema, isRefused } from '@ipportal/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, chatRooms, idempotencyKeys, projects, requests } from '../../src/db/schema/index.js';
import { claimOf, runWithClaim, setClaim } from '../../src/idempotency/context.js';
import { loadChatMessageSignal } from '../../src/realtime/chat-frames.js';
import { insertChatMessage } from '../../src/repositories/chat/message-writes.js';
import { writableRequest } from '../../src/repositories/request-access.js';
import { findPrincipal } from '../../src/repositories/users.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { pdfBytes, type Envelope } from '../projects/support.js';
import {
  buildChatWorld,
  chatRoles,
  member,
  postChat,
  roomUrl,
  type ChatRole,
  type ChatWorld,
} from './chat-support.js';

/*
 * The send path of a chat message (bench/api-chat-post.ts loads it): a text-only message may come as JSON; the answer is
 * the message as it reads back; messages sent at once each take their own seq, without gaps; a
 * send refused by its statement (request or matter deleted meanwhile) gives its seq back.
 */

describe.skipIf(skipDriver)('sending chat messages', () => {
  let ctx: TestContext;
  let w: ChatWorld;
  const url = (role: ChatRole) => roomUrl(role, w.projectId, w.number);
  const postJson = (role: ChatRole, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `${url(role)}/messages`,
      headers: { ...w[role].headers, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });
  const listed = async () =>
    chatMessageListResponseSchema.parse(
      (await ctx.app.inject({ url: `${url('owner')}/messages`, headers: w.owner.headers })).json(),
    ).items;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildChatWorld(ctx, 'send');
  });
  afterAll(async () => ctx?.close());

  test('a text-only message sent as JSON or multipart answers the message as it reads back', async () => {
    const json = await postJson('owner', { body: 'JSON で送ります', mentions: [w.office.id] });
    expect(json.statusCode, json.body).toBe(201);
    const fromJson = chatMessageResponseSchema.parse(json.json()).item;
    const form = await postChat(
      ctx,
      w.office,
      url('office'),
      { body: '添付します', mentions: [w.owner.id] },
      [{ name: 'a.pdf', content: pdfBytes('send'), contentType: 'application/pdf' }],
    );
    expect(form.statusCode, form.body).toBe(201);
    const fromForm = chatMessageResponseSchema.parse(form.json()).item;
    expect(fromJson).toMatchObject({ seq: 1, side: 'client', body: 'JSON で送ります' });
    expect(fromJson.mentions).toEqual([{ userId: w.office.id, name: expect.any(String) as string }]);
    expect(fromForm).toMatchObject({ seq: 2, side: 'office', attachments: [{ name: 'a.pdf' }] });
    const [first, second] = await listed();
    expect(fromJson).toEqual(first);
    expect(fromForm).toEqual(second);
  });

  test('a JSON message is checked like the form: wrong fields 400 in the caller language, other bodies 415', async () => {
    const unknown = await postJson('owner', { body: 'x', subject: 'y' }, { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Envelope & { errors?: { path: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'subject' }),
    ]);
    const empty = await postJson('owner', { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Envelope>().message).toBe('メッセージを入力するか、ファイルを添付してください');
    const text = await ctx.app.inject({
      method: 'POST',
      url: `${url('owner')}/messages`,
      headers: { ...w.owner.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect((await listed()).length).toBe(2);
  });

  test('a JSON message (checked only by its statement): every member may send, nobody else, and a non-member mention is refused', async () => {
    const before = (await listed()).length;
    let sent = 0;
    for (const role of chatRoles) {
      const response = await postJson(role, { body: `JSON from ${role}`, mentions: [] });
      expect(response.statusCode, `${role}: ${response.body}`).toBe(member[role] ? 201 : 404);
      if (member[role]) sent += 1;
    }
    const stranger = await postJson('owner', { body: 'to a stranger', mentions: [w.stranger.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<Envelope>().message).toBe('メンションできるのはこのチャットの参加者だけです');
    expect((await listed()).length).toBe(before + sent);
  });

  test('messages sent at once by both sides each take their own seq, without gaps', async () => {
    const before = (await listed()).length;
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? postChat(ctx, w.office, url('office'), { body: `office ${i}` })
          : i % 3 === 1
            ? postJson('owner', { body: `owner ${i}` })
            : postChat(ctx, w.owner, url('owner'), { body: `owner form ${i}` }),
      ),
    );
    for (const response of sent) expect(response.statusCode, response.body).toBe(201);
    const seqs = sent.map((response) => chatMessageResponseSchema.parse(response.json()).item.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    const [room] = await ctx.app.db.select().from(chatRooms).where(eq(chatRooms.requestId, w.requestId));
    expect(room?.lastSeq).toBe(before + 12);
  });

  // Deleted after the check that let the message's files in, before the message is written.
  const deletions = [
    { what: 'the request', refused: 'requestNotFound', table: requests, id: () => w.requestId },
    { what: 'the matter', refused: 'projectDeleted', table: projects, id: () => w.projectId },
  ] as const;

  test.each(deletions)(
    'a send refused by its statement ($what deleted after the check) writes nothing and gives its seq back',
    async ({ refused, table, id }) => {
      const principal = (await findPrincipal(ctx.app.db, w.owner.id))!;
      const context = await writableRequest(ctx.app.db, principal, w.projectId, w.number, {
        coordinated: true,
      });
      if (isRefused(context)) throw new Error(context.refused);
      const [roomBefore] = await ctx.app.db
        .select()
        .from(chatRooms)
        .where(eq(chatRooms.requestId, w.requestId));
      const messagesBefore = (await ctx.app.db.select().from(chatMessages)).length;
      await ctx.app.db.update(table).set({ deletedAt: new Date() }).where(eq(table.id, id()));
      try {
        const outcome = await insertChatMessage(
          ctx.app.db,
          principal,
          { projectId: w.projectId, requestId: w.number },
          { body: 'too late', mentions: [], attachments: [] },
          { userId: principal.userId, traceId: 'test', ip: '127.0.0.1' },
          { found: context },
        );
        expect(outcome).toEqual({ refused });
      } finally {
        await ctx.app.db.update(table).set({ deletedAt: null }).where(eq(table.id, id()));
      }
      const [roomAfter] = await ctx.app.db
        .select()
        .from(chatRooms)
        .where(eq(chatRooms.requestId, w.requestId));
      expect(roomAfter?.lastSeq).toBe(roomBefore?.lastSeq);
      expect((await ctx.app.db.select().from(chatMessages)).length).toBe(messagesBefore);
    },
  );

  test('a send holding an Idempotency-Key claim marks it committed in its own commit; a refused one leaves it running', async () => {
    const principal = (await findPrincipal(ctx.app.db, w.owner.id))!;
    const actor = { userId: principal.userId, traceId: 'test', ip: '127.0.0.1' };
    const room = { projectId: w.projectId, requestId: w.number };
    const claimed = async () => {
      const ref = { userId: principal.userId, key: randomUUID() };
      const owner = randomUUID();
      await ctx.app.db
        .insert(idempotencyKeys)
        .values({ ...ref, owner, expiresAt: new Date(Date.now() + 3600_000) });
      const request = {} as FastifyRequest;
      setClaim(request, { ref, owner, fingerprint: 'f', committed: false, settled: false });
      const state = async () =>
        (await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, ref.key)))[0]?.state;
      return { request, state };
    };
    const sent = await claimed();
    const outcome = await runWithClaim(sent.request, () =>
      insertChatMessage(ctx.app.db, principal, room, { body: 'once', mentions: [], attachments: [] }, actor),
    );
    expect(isRefused(outcome)).toBe(false);
    expect(await sent.state()).toBe('committed');
    expect(claimOf(sent.request)?.committed).toBe(true);

    const refused = await claimed();
    const nowhere = await runWithClaim(refused.request, () =>
      insertChatMessage(
        ctx.app.db,
        principal,
        { ...room, requestId: 999 },
        { body: 'nowhere', mentions: [], attachments: [] },
        actor,
      ),
    );
    expect(nowhere).toEqual({ refused: 'requestNotFound' });
    expect(await refused.state()).toBe('running');
    expect(claimOf(refused.request)?.committed).toBe(false);
  });

  test('signals read together (one batch) each get their own message; an unknown id gets none', async () => {
    const sent = await Promise.all(
      ['一つ目', '二つ目'].map(async (body) => {
        const response = await postJson('owner', { body, mentions: [] });
        expect(response.statusCode, response.body).toBe(201);
        return chatMessageResponseSchema.parse(response.json()).item;
      }),
    );
    const [second, unknown, first] = await Promise.all([
      loadChatMessageSignal(ctx.app.db, sent[1]!.id, 'sent'),
      loadChatMessageSignal(ctx.app.db, randomUUID(), 'sent'),
      loadChatMessageSignal(ctx.app.db, sent[0]!.id, 'changed'),
    ]);
    expect(unknown).toBeUndefined();
    expect(second?.plain).toMatchObject({ kind: 'message', messageId: sent[1]!.id, seq: sent[1]!.seq });
    expect(first?.plain).toMatchObject({ kind: 'edited', messageId: sent[0]!.id, seq: sent[0]!.seq });
    expect(second?.row.body).toBe('二つ目');
  });
});
