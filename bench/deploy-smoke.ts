/**
 * A deployment's smoke test, through its public address (the proxy), as the README's "Operations"
 * section and the GitHub workflow's compose job run it:
 *
 *   SMOKE_URL=http://localhost:8080 [MAILPIT_URL=http://localhost:8025] \
 *     pnpm --filter @ipportal/bench run deploy-smoke
 *
 * Needs the demo data (SEED_DEMO=true on the first start). It signs in the demo client and the
 * demo office with the real SRP flow, creates a matter, uploads a deliverable (S3 with Object
 * Lock in compose), opens the client's realtime socket through the proxy and waits for the
 * office's mail on a request to arrive there, and, with MAILPIT_URL, for its notification mail in
 * Mailpit. Exits 0 when every step passed; prints each step.
 */
import { randomUUID } from 'node:crypto';
import { resolveRuntimeConfig, runtimeConfigSchema, type RuntimeConfig } from '@ipportal/domain';
import { createAuthClient, MemoryStorage } from '@ipportal/auth';
import { RealtimeClient } from '@ipportal/realtime';

const base = (process.env.SMOKE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const mailpit = process.env.MAILPIT_URL?.replace(/\/+$/, '');
const timeoutMs = Number(process.env.SMOKE_TIMEOUT_MS ?? 30_000);
const demoRequestName = '審査請求および拒絶理由対応の見積';

function step(name: string) {
  process.stdout.write(`- ${name} ... `);
  return (detail = 'ok') => process.stdout.write(`${detail}\n`);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; Date.now() < deadline; delay = Math.min(delay * 2, 2000)) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function signIn(config: RuntimeConfig, userType: 'REGULAR' | 'PATENT', email: string) {
  const auth = createAuthClient({
    pools: { REGULAR: config.identity.regular, PATENT: config.identity.patent },
    storage: new MemoryStorage(),
    locale: () => 'ja',
  });
  const result = await auth.signIn(userType, email, 'Demo-Pass1');
  if (result.status !== 'signedIn') throw new Error(`${email}: ${result.status}`);
  return result.session.idToken;
}

async function main() {
  let done = step(`GET ${base}/config.json`);
  const answered = await fetch(`${base}/config.json`);
  const config = resolveRuntimeConfig(runtimeConfigSchema.parse(await answered.json()), `${base}/`);
  done(config.realtimeUrl);

  done = step('sign in the demo client and the demo office (SRP)');
  const client = await signIn(config, 'REGULAR', 'demo@example.com');
  const office = await signIn(config, 'PATENT', 'firm@example.com');
  done();

  done = step('create a matter');
  const created = await api<{ item: { id: string } }>(client, 'POST', `${config.apiBase.user}/projects`, {
    type: 0,
    refrenceCode: `SMOKE-${Date.now().toString(36)}`,
    regionCode: 1,
    title: 'デプロイ確認用の案件',
  });
  done(created.item.id);

  done = step('find the demo request as the office');
  const list = await api<{ items: { projectId: string; requestId: number; name: string }[] }>(
    office,
    'GET',
    `${config.apiBase.patent}/requests`,
  );
  const request = list.items.find((item) => item.name === demoRequestName) ?? list.items[0];
  if (!request) throw new Error('the demo office has no request: was SEED_DEMO=true on the first start?');
  const requestPath = `/requests/${request.projectId}/${request.requestId}`;
  done(requestPath);

  done = step('upload a deliverable (write-once storage)');
  const file = new FormData();
  file.append(
    'file',
    new Blob([`smoke ${randomUUID()}\n`], { type: 'text/plain' }),
    `smoke-${Date.now()}.txt`,
  );
  const uploaded = await api<{ item: { id: string } }>(
    office,
    'POST',
    `${config.apiBase.patent}${requestPath}/deliverables`,
    file,
  );
  done(uploaded.item.id);

  done = step('the client subscribes to the request over the socket (through the proxy)');
  const arrivals: string[] = [];
  const socket = new RealtimeClient({ url: config.realtimeUrl, getToken: () => Promise.resolve(client) });
  const subscribed = new Promise<void>((resolve, reject) => {
    const stop = socket.subscribe(
      'onRequestMail',
      { projectId: request.projectId, requestId: request.requestId },
      {
        onData: (data) => arrivals.push(data.mailId),
        // The start_ack, not only the connection: a mail sent before it could be missed.
        onStarted: () => resolve(),
        onError: (error) => reject(new Error(`${error.errorType}: ${error.message}`)),
      },
    );
    setTimeout(() => {
      stop();
      reject(new Error('timed out waiting for the subscription'));
    }, timeoutMs).unref();
  });
  await subscribed;
  done(socket.state);

  const subject = `デプロイ確認 ${Date.now().toString(36)}`;
  done = step('the office sends a mail on the request; the client receives it live');
  const mail = new FormData();
  mail.append('subject', subject);
  mail.append('body', 'デプロイの確認メッセージです。');
  const sent = await api<{ item: { id: string } }>(
    office,
    'POST',
    `${config.apiBase.patent}${requestPath}/mails`,
    mail,
  );
  await until('the realtime frame', () =>
    Promise.resolve(arrivals.includes(sent.item.id) ? true : undefined),
  );
  socket.dispose();
  done();

  if (mailpit) {
    done = step('its notification mail reaches Mailpit');
    await until('the mail in Mailpit', async () => {
      const search = await fetch(
        `${mailpit}/api/v1/search?query=${encodeURIComponent('to:demo@example.com')}`,
      );
      const found = (await search.json()) as { messages_count: number };
      return found.messages_count > 0 ? true : undefined;
    });
    done();
  }
  process.stdout.write('smoke test passed\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stdout.write('FAILED\n');
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
