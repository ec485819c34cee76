/**
 * Realtime fan-out across two API processes on one PostgreSQL: a mail posted through process A
 * reaches a subscriber connected to process B (the signal rides NOTIFY in the mail's
 * transaction; B reloads the mail from the rows), and a subscriber refused one topic keeps its
 * other subscriptions. Skipped, with a printed note, where PostgreSQL is not reachable.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { realtimeAccessRevoked } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { cognitoCall } from '../support/identity-http.js';
import { connectRealtime, dataFor, realtimeUrl, subscribe } from '../support/realtime-client.js';
import { postRequestMail, seedRealtimeWorld, type RealtimeWorld } from '../support/realtime-world.js';
import {
  createScratchDatabase,
  postgresReachable,
  type ScratchDatabase,
} from '../support/scratch-postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const postgresUp = await postgresReachable('the realtime two-process test');

describe.skipIf(!postgresUp)('realtime across two API processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: DatabaseHandle;
  let world: RealtimeWorld;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-rt-two-'));
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
    world = await seedRealtimeWorld(database, scratch.url, a.url);
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

  test('a mail posted through A reaches a subscriber on B; a refused topic leaves the others running', async () => {
    const onB = await connectRealtime(realtimeUrl(b.url), world.token);
    const onA = await connectRealtime(realtimeUrl(a.url), world.token);
    try {
      const variables = { projectId: world.projectId, requestId: world.number };
      expect((await subscribe(onB, 'mails', 'onRequestMail', variables, world.token)).type).toBe('start_ack');
      expect((await subscribe(onB, 'unread', 'onUnreadCounts', {}, world.token)).type).toBe('start_ack');
      const refused = await subscribe(
        onB,
        'other',
        'onRequestMail',
        { projectId: randomUUID(), requestId: 1 },
        world.token,
      );
      expect(refused.payload?.errors?.[0]?.errorType).toBe('ForbiddenException');
      expect((await subscribe(onA, 'mails', 'onRequestMail', variables, world.token)).type).toBe('start_ack');

      const mailId = await postRequestMail(a.url, world);
      const expected = { mailId, projectId: world.projectId, requestId: world.number };
      expect((await onB.next(dataFor('mails'))).payload?.data?.onRequestMail).toEqual(expected);
      expect((await onA.next(dataFor('mails'))).payload?.data?.onRequestMail).toEqual(expected);
      // The client's own mail leaves its unread counts as they were, and says so.
      expect((await onB.next(dataFor('unread'))).payload?.data?.onUnreadCounts).toEqual({
        unreadMailCount: 0,
        requestsWithUnread: 0,
        awaitingRequestCount: 0,
      });
    } finally {
      await onA.close();
      await onB.close();
    }
  });

  // Last: it ends the world user's sign-in.
  test('a sign-out through A ends the subscriptions on B within 1 s with the error, then B closes the socket', async () => {
    const onB = await connectRealtime(realtimeUrl(b.url), world.token);
    try {
      const variables = { projectId: world.projectId, requestId: world.number };
      expect((await subscribe(onB, 'mails', 'onRequestMail', variables, world.token)).type).toBe('start_ack');
      const since = performance.now();
      const signedOut = await cognitoCall(`${a.url}/identity/regular`, 'GlobalSignOut', {
        AccessToken: world.accessToken,
      });
      expect(signedOut.status).toBe(200);
      const revoked = await onB.next((frame) => frame.type === 'error' && frame.id === 'mails', 2_000);
      expect(revoked.payload?.errors?.[0]).toMatchObject({
        errorType: 'ForbiddenException',
        message: realtimeAccessRevoked,
      });
      expect(revoked.at - since).toBeLessThan(1_000);
      expect((await onB.closed).code).toBe(4401);
    } finally {
      await onB.close();
    }
  });
});
