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

  test('a bad variable stops start-up with a message naming it', async () => {
    await expect(start({ ...env(), PORT: 'eighty' })).rejects.toThrow(
      /PORT: expected a whole number from 0 to 65535 \(got "eighty"\)/,
    );
  });
});
