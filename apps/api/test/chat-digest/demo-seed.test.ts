import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendChatDigests } from '../../src/chat-digest/digest-job.js';
import { chatMessages, chatReads, chatRooms, mailOutbox, requests } from '../../src/db/schema/index.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';

/** The demo's chat: a few messages on a request no e2e spec reads, read by both sides, mailing nobody. */
describe.skipIf(skipDriver)('demo chat seed', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ PROCESS_ROLE: 'api' });
  });
  afterAll(async () => ctx?.close());

  test('one room on the completed office-action request, read to the end by both demo users; no digest is owed', async () => {
    expect((await seedDemo(ctx.app.db)).created).toBe(true);
    const rooms = await ctx.app.db
      .select({ room: chatRooms, requestName: requests.name })
      .from(chatRooms)
      .innerJoin(requests, eq(requests.id, chatRooms.requestId));
    expect(rooms.map((r) => [r.requestName, r.room.lastSeq])).toEqual([
      ['Office action response (likelihood of confusion)', 6],
    ]);
    const room = rooms[0]!.room;
    const messages = await ctx.app.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room.id))
      .orderBy(chatMessages.seq);
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(messages.map((m) => m.senderSide))).toEqual(new Set(['client', 'office']));
    expect(room.lastMessageAt).toEqual(messages[5]!.createdAt);
    expect(messages.filter((m) => m.mentions.length > 0)).toHaveLength(1);
    const reads = await ctx.app.db.select().from(chatReads).where(eq(chatReads.roomId, room.id));
    expect(reads.map((r) => [r.lastReadSeq, r.digestThroughSeq])).toEqual([
      [6, 6],
      [6, 6],
    ]);

    const queueMail = mailQueueOf(ctx.app.jobs);
    for (const later of [0, 60, 24 * 60])
      expect(
        await sendChatDigests(ctx.app.db, {
          now: new Date(Date.now() + later * 60_000),
          link: (path) => path,
          queueMail,
        }),
      ).toEqual({ mails: 0, rooms: 0 });
    expect(await ctx.app.db.select().from(mailOutbox)).toEqual([]);
    // A second start adds nothing.
    expect((await seedDemo(ctx.app.db)).created).toBe(false);
    expect(await ctx.app.db.select().from(chatRooms)).toHaveLength(1);
  });
});
