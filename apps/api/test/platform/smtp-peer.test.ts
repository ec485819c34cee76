/**
 * Mail delivery against a real SMTP server (the `smtp-server` package) started by the test, the
 * message read back with `mailparser` as a mail client would: AUTH, STARTTLS with a self-signed
 * certificate (refused by default, accepted only with SMTP_TLS_REJECT_UNAUTHORIZED=false), a
 * Japanese subject and body, a relay that answers 4xx once (retried, then sent) and one that
 * answers 5xx (failed at once and recorded, not retried).
 */
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { queueMail, renderMail } from '../../src/mail/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';

interface Relay {
  port: number;
  received: ParsedMail[];
  logins: string[];
  /** What RCPT TO answers for an address, by its local part (default: accepted). */
  refusals: Map<string, { code: number; times: number }>;
  close(): Promise<void>;
}

async function startRelay(): Promise<Relay> {
  const { private: key, cert } = await generate([{ name: 'commonName', value: 'localhost' }], {
    notAfterDate: new Date(Date.now() + 86_400_000),
  });
  const received: ParsedMail[] = [];
  const logins: string[] = [];
  const refusals = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // Credentials only over TLS, as a real relay on port 587 does.
    allowInsecureAuth: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'portal' && auth.password === 'relay-secret') {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = refusals.get(address.address.split('@')[0]!);
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        return callback(
          Object.assign(new Error(`refused ${address.address}`), { responseCode: refusal.code }),
        );
      }
      return callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    received,
    logins,
    refusals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(skipDriver)('mail through a real SMTP relay', { timeout: 120_000 }, () => {
  let relay: Relay;
  const contexts: TestContext[] = [];
  const contextFor = async (env: Record<string, string>) => {
    const ctx = await createTestContext({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(relay.port),
      SMTP_USER: 'portal',
      SMTP_PASSWORD: 'relay-secret',
      MAIL_FROM: 'IP Portal <no-reply@example.com>',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_LIMIT: '3',
      ...env,
    });
    contexts.push(ctx);
    return ctx;
  };
  const queue = (ctx: TestContext, to: string) =>
    ctx.app.db.transaction((tx) =>
      queueMail(tx, ctx.app.jobs, {
        to,
        locale: 'ja',
        template: 'signupCode',
        params: { code: '246810', name: '山田 太郎' },
      }),
    );
  const outboxRow = async (ctx: TestContext, id: string) =>
    (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const waitForStatus = (ctx: TestContext, id: string, status: string) =>
    vi.waitFor(
      async () => {
        const row = await outboxRow(ctx, id);
        expect(row?.status).toBe(status);
        return row!;
      },
      { timeout: 30_000, interval: 50 },
    );

  beforeAll(async () => {
    relay = await startRelay();
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
    await relay?.close();
  });

  test('a self-signed relay is refused by default: the delivery fails with the TLS error, nothing is sent', async () => {
    const ctx = await contextFor({ MAIL_RETRY_LIMIT: '0' });
    const id = (await queue(ctx, 'untrusted@example.com'))!;
    const row = await waitForStatus(ctx, id, 'failed');
    expect(row.lastError).toMatch(/self[- ]signed|certificate/i);
    expect(relay.received.some((mail) => mail.to && JSON.stringify(mail.to).includes('untrusted@'))).toBe(
      false,
    );
  });

  test('with SMTP_TLS_REJECT_UNAUTHORIZED=false: STARTTLS, AUTH, and a Japanese mail a client reads as written', async () => {
    const ctx = await contextFor({ SMTP_TLS_REJECT_UNAUTHORIZED: 'false' });
    const id = (await queue(ctx, 'yamada@example.com'))!;
    await waitForStatus(ctx, id, 'sent');
    const mail = relay.received.find((each) => JSON.stringify(each.to).includes('yamada@example.com'))!;
    const expected = renderMail('ja', 'signupCode', { code: '246810', name: '山田 太郎' });
    expect(mail.subject).toBe(expected.subject);
    expect(mail.text).toContain('確認コード: 246810');
    expect(mail.html).toBeTruthy();
    expect(mail.from?.value).toEqual([{ name: 'IP Portal', address: 'no-reply@example.com' }]);
    expect(mail.headers.get('x-ipportal-template')).toBe('signupCode');
    // Encoded for mail clients: the raw subject header is MIME-encoded, not raw UTF-8.
    expect(mail.headerLines.find((line) => line.key === 'subject')?.line).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(relay.logins).toContain('portal');
  });

  test('a 4xx answer is retried and then delivered; a 5xx answer fails at once and is recorded', async () => {
    const ctx = await contextFor({ SMTP_TLS_REJECT_UNAUTHORIZED: 'false' });
    relay.refusals.set('busy', { code: 451, times: 1 });
    relay.refusals.set('nobody', { code: 550, times: 99 });
    const busy = (await queue(ctx, 'busy@example.com'))!;
    const nobody = (await queue(ctx, 'nobody@example.com'))!;
    const sent = await waitForStatus(ctx, busy, 'sent');
    expect(sent.attempts).toBe(2);
    const failed = await waitForStatus(ctx, nobody, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/550|refused/);
  });
});
