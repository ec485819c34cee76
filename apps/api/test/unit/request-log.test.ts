import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable, type Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { OneLineRequestLog, RequestLog } from '../../src/http/request-log.js';

/*
 * A browser that leaves a page (or a fetch the web app aborts) closes a response that is still
 * streaming. That is normal browsing, not worth a log line; a stream that fails on the server
 * side still is.
 */

interface LogLine {
  level: number;
  msg: string;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server whose one route streams `body`, logging JSON lines into `lines`; `streamErrors` resolves at the controller's stream-error call. */
async function serve(Controller: typeof RequestLog, body: () => Readable) {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  let streamErrorSeen: () => void = () => {};
  const streamErrors = new Promise<void>((resolve) => {
    streamErrorSeen = resolve;
  });
  class Watched extends Controller {
    override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
      super.streamError(error, request, reply);
      streamErrorSeen();
    }
  }
  const app = Fastify({ logger: { level: 'debug', stream: sink }, logController: new Watched() });
  apps.push(app);
  app.get('/stream', (_request, reply) => reply.type('text/plain').send(body()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { lines, streamErrors, port };
}

/** Opens the stream, reads its first chunk and goes away, as a browser leaving the page does. */
function readFirstChunkAndLeave(port: number): void {
  const req = httpRequest({ host: '127.0.0.1', port, path: '/stream' }, (res) => {
    res.once('data', () => req.destroy());
  });
  req.on('error', () => {});
  req.end();
}

describe.each([
  ['JSON', RequestLog],
  ['one line', OneLineRequestLog],
] as const)('request log (%s)', (_name, Controller) => {
  test('a client that closes a streaming response is not logged', async () => {
    const { lines, streamErrors, port } = await serve(Controller, () => {
      const body = new PassThrough();
      body.write('first chunk\n'); // and never ends: the client leaves first
      return body;
    });
    readFirstChunkAndLeave(port);
    await streamErrors;
    expect(lines.map((line) => line.msg)).not.toContain('stream closed prematurely');
  });

  test('a stream that fails on the server after the headers is still logged as a warning', async () => {
    const { lines, streamErrors, port } = await serve(Controller, () => {
      const body = new PassThrough();
      body.write('first chunk\n');
      setImmediate(() => body.destroy(new Error('disk read failed')));
      return body;
    });
    const req = httpRequest({ host: '127.0.0.1', port, path: '/stream' }, (res) => res.resume());
    req.on('error', () => {});
    req.end();
    await streamErrors;
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'response terminated with an error with headers already sent',
      }),
    );
  });
});
