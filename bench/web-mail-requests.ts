/// <reference lib="dom" />
/**
 * HTTP requests per request mail between two open screens (benchmark). Starts the API from source
 * on a free port (never 3000) with the demo data on a fresh PGlite folder, serving a built web app,
 * and opens two Chromium pages in separate contexts: the client (demo@example.com) and the office
 * (firm@example.com), both on the mail thread of the demo request that has a chat room. They
 * exchange BENCH_MAILS mails (default 100), alternating, through the real composer; after each
 * one the bench waits until the receiver shows it and the sender shows it 既読 (the receiver
 * marked it read and the sender heard it), then the next one is sent. Every request each page
 * makes to the API during the exchange is counted (the socket's frames are not requests) and
 * attributed to the page's role in that mail: sending or receiving.
 * Figures: requests per received mail on the receiving page (target <= 1), per sent mail on the
 * sending page (target <= 2), threads fetched during the exchange (target 0), the requests by
 * kind, and the time from the click on 送信 to the mail shown on the other page and to 既読 on the
 * sender, with the load average. The floor in the same run: one POST per sent mail and one read
 * mark per received mail (1 and 1).
 *
 * Build the web first (into its own folder, so others' builds do not interfere):
 *   (cd apps/web && npx vite build --outDir /tmp/web-dist)
 * Run: pnpm --filter @ipportal/bench exec tsx --conditions=@ipportal/source web-mail-requests.ts
 * Env: BENCH_WEB_DIST (default apps/web/dist), BENCH_MAILS (default 100), CHROMIUM_PATH.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './lib/chromium.js';
import { printFigures } from './lib/report.js';
import { stopServer } from './lib/server-process.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiDir = path.join(root, 'apps/api');
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));
const mails = Number(process.env.BENCH_MAILS ?? 100);
const password = 'Demo-Pass1';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The API from source (tsx), with the demo data, until it says where it runs. */
function startApi(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@ipportal/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_IP_MAX: '10000000',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (chunk: Buffer) => (out += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/running at/.test(out)) {
        clearInterval(timer);
        resolve(child);
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the API exited with ${code}:\n${out}`));
    });
  });
}

type Role = 'sending' | 'receiving';

/** One signed-in screen and the API requests it made, each with the role it had then. */
interface Screen {
  name: string;
  context: BrowserContext;
  page: Page;
  role: Role | null;
  counted: { role: Role; kind: string }[];
}

/** A request to the API, by kind (method and path with the ids taken out). */
function kindOf(method: string, url: string): string | null {
  const { pathname, search } = new URL(url);
  if (!/^\/(user|patent)\//.test(pathname)) return null;
  const shape = pathname
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n')
    .replace(/^\/(user|patent)/, '');
  return `${method} ${shape}${method === 'GET' && search ? ' (paged)' : ''}`;
}

async function signIn(screen: Screen, base: string, email: string, userType: string, thread: string) {
  const { page } = screen;
  await page.goto(`${base}/login`);
  await page.getByRole('radio', { name: new RegExp(userType) }).check();
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${base}${thread}`);
}

/** The thread's list shows once it holds a mail; before that its empty state does. */
async function threadShown(page: Page) {
  await page.getByRole('heading', { level: 2, name: 'メッセージ' }).waitFor({ timeout: 60_000 });
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no built web app at ${webDist}: build it first (see the header)`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-mail-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`load before: ${load()}`);
  const api = await startApi({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    WEB_DIST_DIR: webDist,
  });
  const browser = await launchChromium();
  try {
    const open = async (name: string): Promise<Screen> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const screen: Screen = { name, context, page, role: null, counted: [] };
      page.on('request', (request) => {
        const kind = kindOf(request.method(), request.url());
        if (kind && screen.role) screen.counted.push({ role: screen.role, kind });
      });
      return screen;
    };
    const client = await open('client');
    const office = await open('office');

    // The demo request both sides share: the one of the client's first chat room (/chat/:p/:n).
    await signIn(client, base, 'demo@example.com', '企業ユーザー', '/chat');
    await client.page.getByRole('list', { name: 'チャットルーム' }).getByRole('link').first().click();
    await client.page.getByRole('list', { name: 'メッセージ' }).waitFor({ timeout: 60_000 });
    const thread = `${new URL(client.page.url()).pathname.replace(/^\/chat\//, '/requests/')}/mails`;
    await client.page.goto(`${base}${thread}`);
    await threadShown(client.page);
    await signIn(office, base, 'firm@example.com', '特許事務所ユーザー', thread);
    await threadShown(office.page);
    // Both settled: the threads and the sockets' starts fetched what they show.
    await Promise.all([client, office].map((s) => s.page.waitForLoadState('networkidle')));

    const toShown: number[] = [];
    const toRead: number[] = [];
    const loads: string[] = [];
    for (let i = 0; i < mails; i++) {
      const [sender, receiver] = i % 2 === 0 ? [client, office] : [office, client];
      sender.role = 'sending';
      receiver.role = 'receiving';
      const text = `bench ${i} ${randomBytes(4).toString('hex')}`;
      await sender.page.getByRole('textbox', { name: /件名/ }).fill(text);
      await sender.page.getByRole('textbox', { name: /本文/ }).fill(`${text} の本文`);
      const started = performance.now();
      await sender.page.getByRole('button', { name: '送信', exact: true }).click();
      await receiver.page.getByRole('listitem', { name: text, exact: true }).waitFor({ timeout: 30_000 });
      toShown.push(performance.now() - started);
      await sender.page
        .getByRole('listitem', { name: text, exact: true })
        .getByText('既読', { exact: true })
        .waitFor({ timeout: 30_000 });
      toRead.push(performance.now() - started);
      if (i % 20 === 19) loads.push(load());
    }
    // What either page still sends after the last mail (a late read mark, a refetch) counts too.
    await Promise.all([client, office].map((s) => s.page.waitForLoadState('networkidle')));
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const per = (screen: Screen, role: Role) => screen.counted.filter((c) => c.role === role).length;
    const sentBy = (screen: Screen) => Math.ceil(screen === client ? mails / 2 : mails / 2 - (mails % 2));
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const quantile = (values: number[], q: number) =>
      sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
    for (const screen of [client, office]) {
      const byKind = new Map<string, number>();
      for (const { role, kind } of screen.counted) {
        const key = `${role}: ${kind}`;
        byKind.set(key, (byKind.get(key) ?? 0) + 1);
      }
      console.log(`\n${screen.name} page, requests by kind:`);
      for (const [key, count] of [...byKind].sort()) console.log(`  ${key.padEnd(60)} ${count}`);
    }
    const threadFetches = [client, office]
      .flatMap((s) => s.counted)
      .filter((c) => /^GET \/requests\/:id\/:n\/mails/.test(c.kind)).length;
    const receivedPer = Math.max(
      per(client, 'receiving') / (mails - sentBy(client)),
      per(office, 'receiving') / (mails - sentBy(office)),
    );
    const sentPer = Math.max(
      per(client, 'sending') / sentBy(client),
      per(office, 'sending') / sentBy(office),
    );
    console.log('');
    printFigures(
      `web mail requests, ${mails} mails between two pages (load ${load()}; during: ${loads.join(' | ')})`,
      [
        {
          name: 'requests per received mail (worse page)',
          value: receivedPer,
          unit: 'req',
          target: { text: '<= 1', met: receivedPer <= 1 },
        },
        {
          name: 'requests per sent mail (worse page)',
          value: sentPer,
          unit: 'req',
          target: { text: '<= 2', met: sentPer <= 2 },
        },
        {
          name: 'threads fetched during the exchange',
          value: threadFetches,
          unit: 'req',
          target: { text: '0', met: threadFetches === 0 },
        },
        { name: 'floor: per received (one read mark)', value: 1, unit: 'req' },
        { name: 'floor: per sent (the POST)', value: 1, unit: 'req' },
        { name: 'send -> shown on the other page, p50', value: quantile(toShown, 0.5), unit: 'ms' },
        { name: 'send -> shown on the other page, p95', value: quantile(toShown, 0.95), unit: 'ms' },
        { name: 'send -> 既読 on the sender, p50', value: quantile(toRead, 0.5), unit: 'ms' },
        { name: 'send -> 既読 on the sender, p95', value: quantile(toRead, 0.95), unit: 'ms' },
      ],
    );
    await client.context.close();
    await office.context.close();
  } finally {
    await browser.close();
    await stopServer(api);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
