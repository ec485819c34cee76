/**
 * Migrations as their own step (`cli/migrate.ts`): with MIGRATE_ON_START=false a server refuses a
 * database that is behind and names the command; the command migrates once (two at the same time
 * on PostgreSQL apply each migration once), a second run finds nothing to do, and the server then
 * starts on it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, postgresReachable } from '../support/scratch-postgres.js';
import { startServerProcess } from '../support/server-process.js';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

function runMigrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@ipportal/source', '--import', 'tsx', 'src/cli/migrate.ts'],
    {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function expectRefusedThenServed(env: Record<string, string>) {
  const refused = startServerProcess({ ...env, MIGRATE_ON_START: 'false' });
  await expect(refused).rejects.toThrow(/migration\(s\) behind .*cli\/migrate\.js/s);
}

describe('migrations as their own step', () => {
  let dataDir: string;
  const common = () => ({ PORT: '0', SEED_DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'info' });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-migrate-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  test('PGlite: refused while behind, migrated by the command, then served', async () => {
    const env = { ...common(), DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
    await expectRefusedThenServed(env);

    const first = await runMigrate(env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/migrations: applied \d+ \(0000_/);
    const again = await runMigrate(env);
    expect(again.output).toContain('migrations: the database is up to date');

    const server = await startServerProcess({ ...env, MIGRATE_ON_START: 'false' });
    expect((await fetch(`${server.url}/readyz`)).status, server.output()).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exit, server.output()).toBe(0);
  }, 180_000);

  test('PostgreSQL: two commands at once migrate once; the server then starts', async (context) => {
    if (!(await postgresReachable('the PostgreSQL migrate-step test'))) return context.skip();
    const database = await createScratchDatabase();
    try {
      const env = {
        ...common(),
        DATABASE_URL: database.url,
        DATA_DIR: path.join(dataDir, 'pg'),
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      };
      await expectRefusedThenServed(env);

      const [a, b] = await Promise.all([runMigrate(env), runMigrate(env)]);
      expect(a.code, a.output).toBe(0);
      expect(b.code, b.output).toBe(0);
      const sql = postgres(database.url, { max: 1 });
      try {
        const [row] = await sql<{ total: number; distinct: number }[]>`
          select count(*)::int as total, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
        expect(row!.total).toBe(row!.distinct);
      } finally {
        await sql.end();
      }

      const server = await startServerProcess({ ...env, MIGRATE_ON_START: 'false' });
      expect((await fetch(`${server.url}/readyz`)).status, server.output()).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exit, server.output()).toBe(0);
    } finally {
      await database.drop();
    }
  }, 180_000);
});
