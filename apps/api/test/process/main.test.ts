import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startServerProcess as start } from '../support/server-process.js';

describe('the server process: first start seeds, SIGTERM closes cleanly, a second start reuses the data', () => {
  let dataDir: string;
  const env = () => ({
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-main-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  test('start, seed, serve, stop, start again', async () => {
    const first = await start(env());
    expect(first.output()).toContain('demo data: created on this first start');
    expect(first.output()).toMatch(/REGULAR\s+demo@example\.com\s+\/\s+Demo-Pass1/);
    expect(first.output()).toMatch(/PATENT\s+firm@example\.com\s+\/\s+Demo-Pass1/);
    expect(await (await fetch(`${first.url}/readyz`)).json(), first.output()).toEqual({ status: 'ok' });
    const page = await fetch(`${first.url}/projects`);
    expect(page.status, first.output()).toBe(503);
    first.child.kill('SIGTERM');
    expect(await first.exit, first.output()).toBe(0);
    // Log lines are flushed asynchronously; the exit code already proved the clean close.
    await vi.waitFor(() => expect(first.output()).toContain('SIGTERM received'));

    const second = await start(env());
    expect(second.output()).toContain('demo data: already present, reused');
    expect((await fetch(`${second.url}/healthz`)).status, second.output()).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exit, second.output()).toBe(0);
  }, 120_000);

  test('in development: one short line per API request, the banner last at start-up, and Ctrl-C (SIGINT from the terminal and again from pnpm) exits 0', async () => {
    const server = await start({
      ...env(),
      DATA_DIR: path.join(dataDir, 'development'),
      NODE_ENV: 'development',
    });
    // Whatever start-up logs comes before the banner, so its URL and logins are what the reader
    // sees last: the line before the first request's line (a signal, not a pause) is the banner's.
    const startupLength = server.output().length;
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.url}/user/user`)).status).toBe(401);
    await vi.waitFor(() => expect(server.output()).toMatch(/GET \/user\/user 401/));
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const firstRequest = lines.findIndex((line) => /GET \/readyz 200/.test(line));
    expect(lines[firstRequest - 1], server.output()).toMatch(
      /PATENT\s+concierge@example\.com\s+\/\s+Demo-Pass1$/,
    );
    const requestLines = server
      .output()
      .slice(startupLength)
      .split('\n')
      .filter((line) => /\b(GET|POST|PUT|PATCH|DELETE) \//.test(line));
    expect(requestLines, server.output()).toHaveLength(2);
    expect(requestLines[0]).toMatch(/INFO.*GET \/readyz 200 \d+ ms$/);
    expect(requestLines[1]).toMatch(/INFO.*GET \/user\/user 401 \d+ ms$/);
    expect(server.output()).not.toContain('{"level"');

    server.child.kill('SIGINT');
    await vi.waitFor(() => expect(server.output()).toContain('SIGINT received'));
    server.child.kill('SIGINT');
    expect(await server.exit, server.output()).toBe(0);
  }, 120_000);

  test('in production: JSON log lines', async () => {
    const server = await start({
      ...env(),
      DATA_DIR: path.join(dataDir, 'production'),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      IDENTITY_KEY_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await vi.waitFor(() => expect(server.output()).toContain('"msg":"request completed"'));
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.map((line) => JSON.parse(line) as { msg: string }).map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    server.child.kill('SIGTERM');
    expect(await server.exit, server.output()).toBe(0);
  }, 120_000);

  test('a bad variable stops start-up with a message naming it', async () => {
    await expect(start({ ...env(), PORT: 'eighty' })).rejects.toThrow(
      /PORT: expected a whole number from 0 to 65535 \(got "eighty"\)/,
    );
  });
});
