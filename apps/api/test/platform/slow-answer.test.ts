import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';

// Routes of this test only: one whose answer takes longer than the idle-socket timeout.
const idleCutMs = 300;
function slowRoutes(app: FastifyInstance): Promise<void> {
  app.post('/test/slow', async () => {
    await delay(idleCutMs * 3);
    return { answered: true };
  });
  return Promise.resolve();
}

describe.skipIf(skipDriver)('an answer slower than CONNECTION_TIMEOUT_MS', () => {
  let ctx: TestContext;
  let origin: string;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestContext({ CONNECTION_TIMEOUT_MS: String(idleCutMs) }, { routes: [slowRoutes] });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(() => ctx?.close());

  it('reaches the caller: the handler working is not an idle socket', async () => {
    const response = await fetch(`${origin}/test/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answered: true });
  });

  it('still cuts a client that stalls while sending its body', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
    });
    socket.write(
      'POST /test/slow HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    // The server closes the socket without an answer; the promise resolves on that close.
    expect(await closed).toBe('');
  });
});
