/// <reference lib="dom" />
/**
 * The two-screen harness of web-chat-requests.ts and web-mail-requests.ts: the API from source on
 * a free port with the demo data on a fresh PGlite folder, serving a built web app, and two
 * Chromium pages in separate contexts (the client and the office). Every request a page makes to
 * the API is counted with the role the page has at that moment (the socket's frames are not
 * requests), so a bench can tell what sending and receiving cost.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApiProcess } from './api-process.js';
import { launchChromium } from './chromium.js';
import { freePort } from './free-port.js';
import { loadAverages } from './load-average.js';
import { stopServer } from './server-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));
const password = 'Demo-Pass1';

export type Role = 'sending' | 'receiving';

/** One signed-in screen and the API requests it made, each with the role it had then. */
export interface Screen {
  name: string;
  context: BrowserContext;
  page: Page;
  role: Role | null;
  counted: { role: Role; kind: string }[];
}

export interface TwoPages {
  /** Where the API serves the web app, e.g. http://127.0.0.1:41234. */
  base: string;
  client: Screen;
  office: Screen;
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

async function openScreen(browser: Browser, name: string): Promise<Screen> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
  const page = await context.newPage();
  const screen: Screen = { name, context, page, role: null, counted: [] };
  page.on('request', (request) => {
    const kind = kindOf(request.method(), request.url());
    if (kind && screen.role) screen.counted.push({ role: screen.role, kind });
  });
  return screen;
}

/** Signs a demo user in through the login form, then opens `to` (a path of the web app). */
export async function signIn(screen: Screen, base: string, email: string, userType: string, to: string) {
  const { page } = screen;
  await page.goto(`${base}/login`);
  await page.getByRole('radio', { name: new RegExp(userType) }).check();
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${base}${to}`);
}

/**
 * Runs `bench` with the API and both pages up (neither signed in yet), then closes the pages,
 * the browser and the API and removes the data folder, also when `bench` throws.
 */
export async function withTwoPages(dataDirPrefix: string, bench: (pages: TwoPages) => Promise<void>) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no built web app at ${webDist}: build it first (see the header)`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), dataDirPrefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`load before: ${loadAverages()}`);
  const api = await startApiProcess('api', {
    NODE_ENV: 'production',
    IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_IP_MAX: '10000000',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    WEB_DIST_DIR: webDist,
  });
  const browser = await launchChromium();
  try {
    const client = await openScreen(browser, 'client');
    const office = await openScreen(browser, 'office');
    await bench({ base, client, office });
    await client.context.close();
    await office.context.close();
  } finally {
    await browser.close();
    await stopServer(api.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}
