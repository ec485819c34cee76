/**
 * A crash between a change and its mail loses nothing: the server is killed (SIGKILL) while the
 * sign-up code mail of a committed sign-up is being delivered, and the restarted server delivers
 * it, once.
 */
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/db/index.js';
import { mailOutbox } from '../../src/db/schema/index.js';
import { cognitoCall, signUpBody } from '../support/identity-http.js';
import { mailFilesOf } from '../support/mail-files.js';
import { startServerProcess } from '../support/server-process.js';

/** An SMTP server that accepts connections and never answers: a delivery hangs until the process dies. */
async function hangingSmtpServer(): Promise<{ server: Server; port: number; connected: Promise<void> }> {
  const sockets: Socket[] = [];
  let onConnect: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnect();
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, connected };
}

describe('a mail survives a crash of the server (kill -9) after its change committed', () => {
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof hangingSmtpServer>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-crash-'));
    await mkdir(path.join(dataDir, 'mail'), { recursive: true });
    smtp = await hangingSmtpServer();
  });
  afterAll(async () => {
    smtp.server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the sign-up code is delivered once by the restarted server', async () => {
    const env = {
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      MAIL_RETRY_DELAY_SECONDS: '1',
    };
    const email = 'crash@example.com';
    const first = await startServerProcess({ ...env, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    const signUp = await cognitoCall(`${first.url}/identity/regular`, 'SignUp', signUpBody(email));
    expect(signUp.status, first.output()).toBe(200);
    // The delivery job has connected to the mail server: the sign-up is committed, the mail not sent.
    await smtp.connected;
    first.child.kill('SIGKILL');
    await first.exit;

    const second = await startServerProcess(env);
    try {
      const files = await mailFilesOf(path.join(dataDir, 'mail'), email, 180_000);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/_signupCode\.eml$/);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exit, second.output()).toBe(0);
    }

    // The outbox row records both attempts; the files show one mail.
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent', attempts: 2, template: 'signupCode' });
    } finally {
      await database.close();
    }
    expect(await readdir(path.join(dataDir, 'mail'))).toHaveLength(1);
  }, 300_000);
});
