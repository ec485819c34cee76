import { requestMailEndpoints } from '@ipportal/domain';
/**
 * @ipportal/realtime's RealtimeClient (the web app's and the benchmarks' client) against a
 * listening server, over Node's global WebSocket: the handshake, starts and their acks, data, a
 * per-topic refusal that leaves the other subscriptions going, and (PostgreSQL) the server's resync
 * close after its bus listened again, from which the client comes back by itself, re-starts with
 * the same ids and asks for a refetch. The client's timings are tested on a fake socket in the
 * package; the protocol frame by frame in protocol.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeData } from '@ipportal/domain';
import { RealtimeClient, realtimeUrl, type RealtimeError, type RealtimeState } from '@ipportal/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver, testDriver } from '../support/db.js';
import type { TestUser } from '../projects/support.js';
import { buildWorld, multipartMail, type DetailWorld } from '../requests/detail-support.js';
import { call } from '../support/endpoints.js';

const tokenOf = (user: TestUser) => user.headers.authorization.replace(/^Bearer /, '');

/** Resolves on the first call of the returned callback (an event, never a sleep). */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, fire: (value: T) => resolve(value) };
}

describe.skipIf(skipDriver)('the shared realtime client against the server', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let url: string;
  let client: RealtimeClient | undefined;

  beforeAll(async () => {
    ctx = await createTestContext({ REALTIME_KEEP_ALIVE_MS: '1000' });
    w = await buildWorld(ctx, 'sc');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    url = realtimeUrl(`http://127.0.0.1:${port}`);
  });
  afterEach(() => {
    client?.dispose();
    client = undefined;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const sendMail = async () => {
    const body = multipartMail({ subject: '進捗', body: 'ご確認ください。' });
    const response = await call(ctx, requestMailEndpoints.sendRequestMail, {
      as: w.office,
      headers: { ...body.headers },
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ item: { id: string } }>().item.id;
  };

  test('connects, starts, receives a mail; a refused topic ends alone', async () => {
    const states: RealtimeState[] = [];
    client = new RealtimeClient({ url, getToken: () => Promise.resolve(tokenOf(w.owner)) });
    client.onStateChange((state) => states.push(state));
    const started = signal();
    const mail = signal<RealtimeData<'onRequestMail'>>();
    const refused = signal<RealtimeError>();
    client.subscribe(
      'onRequestMail',
      { projectId: w.projectId, requestId: w.number },
      { onData: mail.fire, onStarted: started.fire },
    );
    client.subscribe(
      'onRequestMail',
      { projectId: randomUUID(), requestId: 1 },
      { onData: () => undefined, onError: refused.fire },
    );
    await started.promise;
    expect((await refused.promise).errorType).toBe('ForbiddenException');
    const mailId = await sendMail();
    expect(await mail.promise).toEqual({ mailId, projectId: w.projectId, requestId: w.number });
    expect(client.state).toBe('connected');
    expect(states).toEqual(['connected']);
  });

  test.runIf(testDriver === 'postgres')(
    'the resync close (the bus listened again): back by itself, the same subscriptions, a refetch asked for',
    async () => {
      const reconnected = signal();
      client = new RealtimeClient({
        url,
        getToken: () => Promise.resolve(tokenOf(w.owner)),
        onReconnect: reconnected.fire,
      });
      const states: RealtimeState[] = [];
      client.onStateChange((state) => states.push(state));
      const started = [signal(), signal()];
      let starts = 0;
      const mails: string[] = [];
      const mailArrived = signal();
      client.subscribe(
        'onRequestMail',
        { projectId: w.projectId, requestId: w.number },
        {
          onData: (data) => {
            mails.push(data.mailId);
            mailArrived.fire();
          },
          onStarted: () => {
            started[starts]?.fire();
            starts += 1;
          },
        },
      );
      await started[0]!.promise;
      await ctx.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ipportal-bus' and datname = current_database()`,
      );
      await reconnected.promise;
      expect(states).not.toContain('disconnected');
      expect(client.state).toBe('connected');
      // The start went again on the new socket, with the same id: a mail after its ack arrives.
      await started[1]!.promise;
      const mailId = await sendMail();
      await mailArrived.promise;
      expect(mails).toEqual([mailId]);
      expect(starts).toBe(2);
    },
    60_000,
  );
});
