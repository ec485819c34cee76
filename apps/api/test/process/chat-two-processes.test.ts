/**
 * Chat across two API processes on one PostgreSQL (ADR 0031): a chat message posted through
 * process A reaches an onChatRoom subscriber connected to process B (chat.messageSent rides
 * NOTIFY in the message's transaction; B reloads the row), onChatUnread is recomputed there, and
 * a subscriber refused one room keeps its other subscriptions. Skipped, with a printed note,
 * where PostgreSQL is not reachable.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { connectRealtime, dataFor, realtimeUrl, subscribe } from '../support/realtime-client.js';
import { seedRealtimeWorld, type RealtimeWorld } from '../support/realtime-world.js';
import {
  createScratchDatabase,
  postgresReachable,
  type ScratchDatabase,
} from '../support/scratch-postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const postgresUp = await postgresReachable('the chat two-process test');

/** POSTs a chat message to the world's request through `serverUrl`; answers its id. */
async function postChatMessage(serverUrl: string, world: RealtimeWorld, body: string): Promise<string> {
  const form = new FormData();
  form.set('body', body);
  form.set('mentions', '[]');
  const response = await fetch(`${serverUrl}/user/chat/rooms/${world.projectId}/${world.number}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`chat: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { item: { id: string } }).item.id;
}

describe.skipIf(!postgresUp)('chat across two API processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: DatabaseHandle;
  let world: RealtimeWorld;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-chat-two-'));
    const env = {
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    // A first (it migrates), then B.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 2 });
    world = await seedRealtimeWorld(database, scratch.url, a.url, 'chat-realtime@example.com');
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a chat message posted through A reaches a room subscriber on B; a refused room leaves the others running', async () => {
    const onB = await connectRealtime(realtimeUrl(b.url), world.token);
    const onA = await connectRealtime(realtimeUrl(a.url), world.token);
    try {
      const variables = { projectId: world.projectId, requestId: world.number };
      expect((await subscribe(onB, 'room', 'onChatRoom', variables, world.token)).type).toBe('start_ack');
      expect((await subscribe(onB, 'unread', 'onChatUnread', {}, world.token)).type).toBe('start_ack');
      const refused = await subscribe(
        onB,
        'other',
        'onChatRoom',
        { projectId: randomUUID(), requestId: 1 },
        world.token,
      );
      expect(refused.payload?.errors?.[0]?.errorType).toBe('ForbiddenException');
      expect((await subscribe(onA, 'room', 'onChatRoom', variables, world.token)).type).toBe('start_ack');

      const messageId = await postChatMessage(a.url, world, 'よろしくお願いします');
      const event = (await onB.next(dataFor('room'))).payload?.data?.onChatRoom;
      expect(event).toMatchObject({ ...variables, kind: 'message', messageId, seq: 1 });
      expect((await onA.next(dataFor('room'))).payload?.data?.onChatRoom).toEqual(event);
      // The client's own message leaves its unread counts as they were, and says so.
      expect((await onB.next(dataFor('unread'))).payload?.data?.onChatUnread).toEqual({
        unreadMessageCount: 0,
        roomsWithUnread: 0,
        unreadMentionCount: 0,
      });
      const second = await postChatMessage(b.url, world, '追伸');
      expect((await onA.next(dataFor('room'))).payload?.data?.onChatRoom).toMatchObject({
        messageId: second,
        seq: 2,
      });
      expect(onB.frames.filter((f) => f.id === 'other' && f.type === 'data')).toHaveLength(0);
    } finally {
      await onA.close();
      await onB.close();
    }
  });
});
