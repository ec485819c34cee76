/**
 * The bytes a real Chromium transfers for a first (cold-cache) visit to /login, served by the
 * built API server with the built web app, as the browser accounts them: Chrome DevTools
 * Protocol `Network.loadingFinished.encodedDataLength` per request (response headers and the
 * body as sent, i.e. compressed when the server compressed it). Next to each file it prints the
 * encoding the server chose, the decoded size and the size gzip (level 6) would make of the same
 * body, so the total transferred can be read against the gzip total. A second cold visit on a
 * throttled connection (BENCH_KBPS kbit/s down, BENCH_LATENCY_MS round trip) gives the time until
 * the login form is usable there.
 *
 * Build first: pnpm --filter @ipportal/api build && pnpm --filter @ipportal/web build
 * Run: pnpm --filter @ipportal/bench exec tsx web-login-transfer.ts
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_WEB_DIST (the built web app to serve,
 *      default apps/web/dist), BENCH_KBPS (default 1600), BENCH_LATENCY_MS (default 150).
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from './lib/chromium.js';
import { freePort } from './lib/free-port.js';
import { printFigures } from './lib/report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'));
const kbps = Number(process.env.BENCH_KBPS ?? 1600);
/** The issue's target for a cold /login in Chromium with brotli (docs/adr/0039). */
const targetTransferredKb = 145;
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 150);

/** The built API server in production mode on a fresh data folder; resolves once it listens. */
function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(root, 'apps/api'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('is running at')) {
        clearInterval(timer);
        resolve(child);
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the API server exited with ${code}:\n${out}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Transfer {
  url: string;
  /** Bytes on the wire: response headers plus the body as sent. */
  transferred: number;
  /** The body after decoding. */
  decoded: number;
  /** The decoded body gzipped at level 6. */
  gzip: number;
  encoding: string;
}

/** One visit to /login in a fresh browser context (empty cache), optionally throttled. */
async function visit(
  browser: Browser,
  baseUrl: string,
  throttle: boolean,
): Promise<{ transfers: Transfer[]; formMs: number }> {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: (kbps * 1000) / 8,
      uploadThroughput: (kbps * 1000) / 8,
    });
  }
  const responses = new Map<string, { url: string; encoding: string }>();
  const finished: { requestId: string; encodedDataLength: number }[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: headers['content-encoding'] ?? 'identity',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    finished.push({ requestId: event.requestId, encodedDataLength: event.encodedDataLength });
  });

  const started = Date.now();
  await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
  await page.locator('#login-password').waitFor({ state: 'visible', timeout: 120_000 });
  const formMs = Date.now() - started;
  await page.waitForLoadState('networkidle');

  const transfers: Transfer[] = [];
  for (const { requestId, encodedDataLength } of finished) {
    const response = responses.get(requestId);
    if (!response) continue;
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    transfers.push({
      url: new URL(response.url).pathname,
      transferred: encodedDataLength,
      decoded: bytes.length,
      gzip: gzipSync(bytes, { level: 6 }).length,
      encoding: response.encoding,
    });
  }
  await context.close();
  return { transfers: transfers.sort((a, b) => b.transferred - a.transferred), formMs };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-bench-transfer-'));
const port = await freePort();
const server = await startServer(port, dataDir);
const browser = await launchChromium();
const loadBefore = loadAverage();
try {
  const baseUrl = `http://127.0.0.1:${port}`;
  const cold = await visit(browser, baseUrl, false);
  const throttled = await visit(browser, baseUrl, true);

  const total = (key: 'transferred' | 'decoded' | 'gzip') =>
    cold.transfers.reduce((sum, t) => sum + t[key], 0);
  console.log(
    `Cold visit to /login (${cold.transfers.length} responses): bytes transferred, as Chromium counts them`,
  );
  console.log(
    `  ${'file'.padEnd(44)} ${'encoding'.padEnd(9)} ${'transferred'.padStart(12)} ${'gzip -6'.padStart(10)} ${'decoded'.padStart(10)}`,
  );
  for (const t of cold.transfers) {
    console.log(
      `  ${t.url.slice(0, 44).padEnd(44)} ${t.encoding.padEnd(9)} ${`${kb(t.transferred).toFixed(2)} KB`.padStart(12)} ${`${kb(t.gzip).toFixed(2)} KB`.padStart(10)} ${`${kb(t.decoded).toFixed(2)} KB`.padStart(10)}`,
    );
  }
  printFigures(`Totals (load average before ${loadBefore}, after ${loadAverage()})`, [
    {
      name: 'transferred (headers + bodies as sent)',
      value: kb(total('transferred')),
      unit: 'KB',
      target: {
        text: `<= ${targetTransferredKb} KB`,
        met: total('transferred') <= targetTransferredKb * 1024,
      },
    },
    {
      name: 'transferred vs bodies gzipped',
      value: kb(total('transferred') - total('gzip')),
      unit: 'KB',
      // Compressed on the wire: no more than the bodies gzipped plus a little for headers.
      target: {
        text: `<= 1 KB per response`,
        met: total('transferred') <= total('gzip') + 1024 * cold.transfers.length,
      },
    },
    { name: 'same bodies gzipped at level 6', value: kb(total('gzip')), unit: 'KB' },
    { name: 'same bodies decoded', value: kb(total('decoded')), unit: 'KB' },
    {
      name: `login form usable at ${kbps} kbit/s, ${latencyMs} ms latency`,
      value: Math.round(throttled.formMs),
      unit: 'ms',
    },
  ]);
} finally {
  await browser.close();
  await stop(server);
  await rm(dataDir, { recursive: true, force: true });
}
