import { chatDigestDelayMs, chatDigestIntervalMs, japanTimeZone } from '@ipportal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  chatDigestJob,
  defineChatDigestJob,
  sendChatDigests,
  type ChatDigestData,
} from '../../src/chat-digest/digest-job.js';
import { chatMessages, chatReads, chatRooms, mailOutbox, requests } from '../../src/db/schema/index.js';
import type { JobDefinition } from '../../src/jobs/index.js';
import { mailQueueOf, type MailQueue } from '../../src/mail/index.js';
import { renderMail } from '../../src/mail/templates/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import type { TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, setLocale, type DetailWorld } from '../requests/detail-support.js';

const minute = 60_000;

/**
 * The offline chat digest (ADR 0031). Messages are written as rows (the chat routes
 * have their own tests); time moves by `now` and by the messages' created_at, never by waiting.
 */
describe.skipIf(skipDriver)('chat digest job', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let queue: MailQueue;
  /** The test's "now": each test moves it on from the last. */
  let clock = Date.parse('2030-01-01T00:00:00Z');

  beforeAll(async () => {
    // No workers: the every-minute schedule must not run beside the test's own runs.
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.com', PROCESS_ROLE: 'api' });
    w = await buildWorld(ctx, 'cd');
    queue = mailQueueOf(ctx.app.jobs);
  });
  afterAll(async () => ctx?.close());

  // Each test gets rooms of its own on fresh requests, and a clock ten days on, so what an earlier
  // test left unread is past the digest's one-week horizon.
  beforeEach(() => {
    clock += 10 * 24 * 60 * minute;
  });
  const at = (offsetMs: number) => new Date(clock + offsetMs);

  const run = (now: Date, queueMail: MailQueue = queue) =>
    sendChatDigests(ctx.app.db, {
      now,
      link: (path) => `https://portal.example.com${path}`,
      queueMail,
    });

  async function newRoom(matter = { id: w.projectId }) {
    const request = await insertRequest(ctx, matter.id, w.firmId, w.owner.id);
    const [room] = await ctx.app.db
      .insert(chatRooms)
      .values({ requestId: request.id, createdAt: at(-60 * minute) })
      .returning();
    const [row] = await ctx.app.db
      .select({ name: requests.name })
      .from(requests)
      .where(eq(requests.id, request.id));
    return { id: room!.id, number: request.number, name: row!.name, projectId: matter.id };
  }

  /** A message as the send route writes it: the next seq under the room row, last_message_at moved. */
  async function post(
    roomId: string,
    from: TestUser,
    sentAt: Date,
    options: { mentions?: TestUser[]; body?: string } = {},
  ) {
    const [room] = await ctx.app.db
      .update(chatRooms)
      .set({ lastSeq: sql`${chatRooms.lastSeq} + 1`, lastMessageAt: sentAt })
      .where(eq(chatRooms.id, roomId))
      .returning({ seq: chatRooms.lastSeq });
    const [message] = await ctx.app.db
      .insert(chatMessages)
      .values({
        roomId,
        seq: room!.seq,
        senderUserId: from.id,
        senderSide: from === w.office ? 'office' : 'client',
        body: options.body ?? '秘密の本文',
        mentions: (options.mentions ?? []).map((user) => user.id),
        createdAt: sentAt,
        createdBy: from.id,
      })
      .returning();
    return message!;
  }

  async function markRead(roomId: string, user: TestUser, seq: number) {
    await ctx.app.db
      .insert(chatReads)
      .values({ roomId, userId: user.id, lastReadSeq: seq, readAt: at(0) })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.userId],
        set: { lastReadSeq: seq },
      });
  }

  const digestsTo = (user: TestUser) =>
    ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'chatDigest'), eq(mailOutbox.toAddress, user.email)))
      .orderBy(mailOutbox.createdAt);

  /** The rooms of the digests a user got since `count` of them, in the order the mails list them. */
  async function newDigests(user: TestUser, before: number) {
    const mails = await digestsTo(user);
    return mails
      .slice(before)
      .map((mail) => mail.params as { rooms: Record<string, unknown>[]; urgent: boolean });
  }

  const readRow = async (roomId: string, user: TestUser) =>
    (
      await ctx.app.db
        .select()
        .from(chatReads)
        .where(and(eq(chatReads.roomId, roomId), eq(chatReads.userId, user.id)))
    )[0];

  test("a client message unread for 10 minutes: one digest to the office (counts and a link, no text); the sender's side and non-members get none", async () => {
    const room = await newRoom();
    const counts = {
      office: (await digestsTo(w.office)).length,
      owner: (await digestsTo(w.owner)).length,
      admin: (await digestsTo(w.admin)).length,
      otherOffice: (await digestsTo(w.otherOffice)).length,
    };
    const message = await post(room.id, w.owner, at(0));
    expect(await run(at(chatDigestDelayMs - 1000))).toEqual({ mails: 0, rooms: 0 });
    expect(await run(at(chatDigestDelayMs))).toEqual({ mails: 1, rooms: 1 });
    const [digest] = await newDigests(w.office, counts.office);
    expect(digest).toEqual({
      urgent: false,
      rooms: [
        {
          projectTitle: w.projectTitle,
          requestName: room.name,
          unread: 1,
          urgent: false,
          url: `https://portal.example.com/chat/${w.projectId}/${room.number}`,
        },
      ],
    });
    const [row] = await digestsTo(w.office).then((mails) => mails.slice(-1));
    expect(JSON.stringify(row)).not.toContain('秘密の本文');
    expect(await readRow(room.id, w.office)).toMatchObject({
      digestSentAt: at(chatDigestDelayMs),
      digestThroughSeq: message.seq,
      lastReadSeq: 0,
    });
    // Nothing more for the same message, and no one else is mailed.
    expect(await run(at(chatDigestDelayMs + minute))).toEqual({ mails: 0, rooms: 0 });
    expect(await run(at(chatDigestDelayMs + 2 * chatDigestIntervalMs))).toEqual({ mails: 0, rooms: 0 });
    expect((await digestsTo(w.office)).length).toBe(counts.office + 1);
    expect((await digestsTo(w.owner)).length).toBe(counts.owner);
    expect((await digestsTo(w.admin)).length).toBe(counts.admin);
    expect((await digestsTo(w.otherOffice)).length).toBe(counts.otherOffice);
    expect(await digestsTo(w.unassigned)).toEqual([]);
    expect(await digestsTo(w.stranger)).toEqual([]);
  });

  test('an office message reaches every client member who may see the request, each in their language', async () => {
    await setLocale(ctx, w.admin, 'en');
    try {
      const room = await newRoom();
      const before = { owner: (await digestsTo(w.owner)).length, admin: (await digestsTo(w.admin)).length };
      await post(room.id, w.office, at(0));
      await post(room.id, w.office, at(minute));
      expect(await run(at(chatDigestDelayMs + minute))).toEqual({ mails: 2, rooms: 2 });
      const owner = (await digestsTo(w.owner)).slice(before.owner);
      const admin = (await digestsTo(w.admin)).slice(before.admin);
      expect(owner.map((m) => m.locale)).toEqual(['ja']);
      expect(admin.map((m) => m.locale)).toEqual(['en']);
      expect((admin[0]!.params as { rooms: { unread: number }[] }).rooms[0]!.unread).toBe(2);
    } finally {
      await setLocale(ctx, w.admin, 'ja');
    }
  });

  test('a mention is urgent and does not wait the 10 minutes; the others mentioned nowhere wait', async () => {
    const room = await newRoom();
    const before = { owner: (await digestsTo(w.owner)).length, admin: (await digestsTo(w.admin)).length };
    await post(room.id, w.office, at(0), { mentions: [w.owner] });
    expect(await run(at(minute))).toEqual({ mails: 1, rooms: 1 });
    const [urgent] = await newDigests(w.owner, before.owner);
    expect(urgent).toMatchObject({ urgent: true, rooms: [{ unread: 1, urgent: true }] });
    expect((await digestsTo(w.admin)).length).toBe(before.admin);
    // The administrator, not mentioned, is told once the message is 10 minutes old.
    expect(await run(at(chatDigestDelayMs))).toEqual({ mails: 1, rooms: 1 });
    const [plain] = await newDigests(w.admin, before.admin);
    expect(plain).toMatchObject({ urgent: false, rooms: [{ unread: 1, urgent: false }] });
  });

  test('at most one digest an hour per room: messages meanwhile go in the next one, after the hour', async () => {
    const room = await newRoom();
    const before = (await digestsTo(w.office)).length;
    await post(room.id, w.owner, at(0));
    expect(await run(at(chatDigestDelayMs))).toMatchObject({ mails: 1 });
    await post(room.id, w.owner, at(5 * minute));
    await post(room.id, w.owner, at(20 * minute), { mentions: [w.office] });
    // Due (old enough, or mentioning), but the hour since the last digest has not passed.
    expect(await run(at(30 * minute))).toEqual({ mails: 0, rooms: 0 });
    expect(await run(at(chatDigestDelayMs + chatDigestIntervalMs - 1000))).toEqual({ mails: 0, rooms: 0 });
    expect(await run(at(chatDigestDelayMs + chatDigestIntervalMs))).toEqual({ mails: 1, rooms: 1 });
    const digests = await newDigests(w.office, before);
    expect(digests.map((d) => d.rooms.map((r) => [r['unread'], r['urgent']]))).toEqual([
      [[1, false]],
      [[3, true]],
    ]);
    expect(await readRow(room.id, w.office)).toMatchObject({ digestThroughSeq: 3 });
  });

  test('a user who read the room meanwhile gets nothing; reading part of it leaves the rest counted', async () => {
    const room = await newRoom();
    const before = (await digestsTo(w.office)).length;
    await post(room.id, w.owner, at(0));
    await post(room.id, w.owner, at(minute));
    await markRead(room.id, w.office, 2);
    expect(await run(at(chatDigestDelayMs + minute))).toEqual({ mails: 0, rooms: 0 });
    await post(room.id, w.owner, at(2 * minute));
    await post(room.id, w.owner, at(3 * minute));
    await markRead(room.id, w.office, 3);
    expect(await run(at(chatDigestDelayMs + 3 * minute))).toEqual({ mails: 1, rooms: 1 });
    const digests = await newDigests(w.office, before);
    expect(digests.map((d) => d.rooms.map((r) => r['unread']))).toEqual([[1]]);
    expect(await readRow(room.id, w.office)).toMatchObject({ lastReadSeq: 3, digestThroughSeq: 4 });
  });

  test('withdrawn messages count for nothing', async () => {
    const room = await newRoom();
    const message = await post(room.id, w.owner, at(0));
    await ctx.app.db
      .update(chatMessages)
      .set({ withdrawnAt: at(minute) })
      .where(eq(chatMessages.id, message.id));
    expect(await run(at(chatDigestDelayMs + minute))).toEqual({ mails: 0, rooms: 0 });
    expect(await readRow(room.id, w.office)).toBeUndefined();
  });

  test('one mail per user for all their rooms, urgent rooms first', async () => {
    const [first, second, third] = [await newRoom(), await newRoom(), await newRoom()];
    const before = (await digestsTo(w.office)).length;
    await post(first.id, w.owner, at(0));
    await post(second.id, w.admin, at(0), { mentions: [w.office] });
    await post(second.id, w.owner, at(minute));
    await post(third.id, w.office, at(0)); // the office's own message: nothing for the office
    expect(await run(at(chatDigestDelayMs + minute))).toMatchObject({ mails: 3 }); // office, owner, admin
    const [digest] = await newDigests(w.office, before);
    expect(digest!.urgent).toBe(true);
    expect(digest!.rooms.map((r) => [r['url'], r['unread'], r['urgent']])).toEqual([
      [`https://portal.example.com/chat/${w.projectId}/${second.number}`, 2, true],
      [`https://portal.example.com/chat/${w.projectId}/${first.number}`, 1, false],
    ]);
  });

  test('the outbox row and the digest marks commit together: a failed queue leaves no marks, and the next run mails', async () => {
    const room = await newRoom();
    const before = (await digestsTo(w.office)).length;
    await post(room.id, w.owner, at(0));
    const failing: MailQueue = () => Promise.reject(new Error('outbox unavailable'));
    await expect(run(at(chatDigestDelayMs), failing)).rejects.toThrow('outbox unavailable');
    expect(await readRow(room.id, w.office)).toBeUndefined();
    expect((await digestsTo(w.office)).length).toBe(before);
    expect(await run(at(chatDigestDelayMs + minute))).toEqual({ mails: 1, rooms: 1 });
    expect((await digestsTo(w.office)).length).toBe(before + 1);
  });

  test('two runs at once (a retry beside the schedule, a second worker) send each digest once', async () => {
    const room = await newRoom();
    const before = (await digestsTo(w.office)).length;
    await post(room.id, w.owner, at(0));
    const results = await Promise.all([run(at(chatDigestDelayMs)), run(at(chatDigestDelayMs))]);
    expect(results.reduce((sum, r) => sum + r.mails, 0)).toBe(1);
    expect((await digestsTo(w.office)).length).toBe(before + 1);
  });

  test('a job stopped for hours still mails members who have a row; a week-old message starts nothing', async () => {
    const room = await newRoom();
    const before = (await digestsTo(w.office)).length;
    await post(room.id, w.owner, at(0));
    await markRead(room.id, w.office, 1);
    await post(room.id, w.owner, at(minute));
    expect(await run(at(5 * chatDigestIntervalMs))).toEqual({ mails: 1, rooms: 1 });
    expect((await digestsTo(w.office)).length).toBe(before + 1);

    const old = await newRoom();
    await post(old.id, w.owner, at(0));
    await markRead(old.id, w.office, 0);
    expect(await run(at(8 * 24 * 60 * minute))).toEqual({ mails: 0, rooms: 0 });
  });

  test('the job runs every minute; its handler takes the moment to run for', async () => {
    const defined: JobDefinition<ChatDigestData>[] = [];
    defineChatDigestJob(
      { define: (definition) => void defined.push(definition as unknown as JobDefinition<ChatDigestData>) },
      { db: ctx.app.db, config: ctx.config, queueMail: queue, logger: ctx.app.log },
    );
    expect(defined).toEqual([
      expect.objectContaining({
        name: chatDigestJob,
        cron: { expression: '* * * * *', timeZone: japanTimeZone },
      }),
    ]);
    const room = await newRoom();
    const before = (await digestsTo(w.office)).length;
    await post(room.id, w.owner, at(0));
    const handle = (now: Date) =>
      defined[0]!.handler({ now: now.toISOString() }, { jobId: 'test', retryCount: 0, isLastAttempt: false });
    await handle(at(minute));
    expect((await digestsTo(w.office)).length).toBe(before);
    await handle(at(chatDigestDelayMs));
    await handle(at(chatDigestDelayMs));
    expect((await digestsTo(w.office)).length).toBe(before + 1);
  });
});

describe('chat digest mail', () => {
  const rooms = [
    {
      projectTitle: '電池の特許',
      requestName: '見積依頼',
      unread: 3,
      urgent: true,
      url: 'https://p.example/chat/a/1',
    },
    {
      projectTitle: 'Battery',
      requestName: 'OA response',
      unread: 1,
      urgent: false,
      url: 'https://p.example/chat/b/2',
    },
  ];

  test('ja and en: each room with its counts, urgency and link', () => {
    const ja = renderMail('ja', 'chatDigest', { rooms, urgent: true });
    expect(ja.subject).toContain('【至急】');
    expect(ja.subject).toContain('2件のチャット');
    expect(ja.text).toContain('案件: 電池の特許\n依頼: 見積依頼\n未読: 3件\nhttps://p.example/chat/a/1');
    expect(ja.text).toContain('【至急・あなた宛てのメンションあり】');
    expect(ja.html).toContain('<a href="https://p.example/chat/b/2">');
    const en = renderMail('en', 'chatDigest', { rooms: rooms.slice(1), urgent: false });
    expect(en.subject).toMatch(/unread chat messages in 1 chat$/);
    expect(en.subject).not.toContain('mentioned');
    expect(en.text).toContain(
      'Matter: Battery\nRequest: OA response\nUnread: 1 message\nhttps://p.example/chat/b/2',
    );
  });
});
