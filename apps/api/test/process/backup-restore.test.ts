/**
 * Backups (`cli/backup.ts`) and restores (`cli/restore.ts`) as an operator runs them: a server
 * seeds the demo; it is backed up; the backup is restored into a new data folder (PGlite) or a
 * newly created database (PostgreSQL, where pg_dump and pg_restore are on PATH); a server started
 * on the restored data answers the demo client with the same matters, requests, invoices (the
 * same PDF bytes) and chat history, and every stored object keeps its SHA-256 and write-once mark.
 * A restore into data that is not empty is refused with a clear message and changes nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthClient, MemoryStorage } from '@ipportal/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backUp } from '../../src/backup/backup.js';
import { restore } from '../../src/backup/restore.js';
import { testConfig } from '../../src/config.js';
import { demoPassword, demoRegularUser } from '../../src/seed/demo-data.js';
import { createLocalStorage } from '../../src/storage/index.js';
import { createScratchDatabase, postgresReachable } from '../support/scratch-postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

function runCli(script: 'backup' | 'restore', dir: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=@ipportal/source', '--import', 'tsx', `src/cli/${script}.ts`, dir],
    {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exit, server.output()).toBe(0);
}

/** What the demo client sees: matters, requests, invoices with their PDFs, chat rooms and messages. */
async function clientView(serverUrl: string) {
  const auth = createAuthClient({
    pools: {
      REGULAR: {
        userPoolId: 'ap-northeast-1_LocalRegular',
        clientId: 'local-regular-client',
        endpoint: `${serverUrl}/identity/regular`,
      },
      PATENT: {
        userPoolId: 'ap-northeast-1_LocalPatent',
        clientId: 'local-patent-client',
        endpoint: `${serverUrl}/identity/patent`,
      },
    },
    storage: new MemoryStorage(),
    locale: () => 'en',
  });
  const signedIn = await auth.signIn('REGULAR', demoRegularUser.email, demoPassword);
  if (signedIn.status !== 'signedIn') throw new Error(`sign-in: ${signedIn.status}`);
  const headers = { authorization: `Bearer ${signedIn.session.idToken}` };
  const get = async (url: string) => {
    const response = await fetch(`${serverUrl}/user${url}`, { headers });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const json = async <T>(url: string) => (await get(url)).json() as Promise<T>;

  const matters = await json<{ items: unknown[] }>('/projects');
  const requests = await json<{ items: unknown[] }>('/requests');
  const invoices = await json<{ items: { id: string }[] }>('/invoices');
  const pdfs = await Promise.all(
    invoices.items.map(async (invoice) =>
      createHash('sha256')
        .update(Buffer.from(await (await get(`/invoices/${invoice.id}/pdf`)).arrayBuffer()))
        .digest('hex'),
    ),
  );
  const rooms = await json<{ items: { projectId: string; requestId: string }[] }>('/chat/rooms');
  const messages = await Promise.all(
    rooms.items.map((room) => json(`/chat/rooms/${room.projectId}/${room.requestId}/messages`)),
  );
  return { matters, requests, invoices, pdfs, rooms, messages };
}

/** Each stored object's SHA-256 and write-once mark, by key. */
async function storedObjects(dataDir: string) {
  const storage = createLocalStorage({ root: path.join(dataDir, 'storage'), maxUploadBytes: 1 });
  const objects: Record<string, { sha256: string; writeOnce: boolean }> = {};
  for await (const object of storage.list()) {
    const bytes = await readFile(path.join(dataDir, 'storage', 'objects', ...object.key.split('/')));
    objects[object.key] = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      writeOnce: object.writeOnce,
    };
  }
  return objects;
}

const common = {
  PORT: '0',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '0',
  IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

describe('backup and restore', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ipportal-backup-'));
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  // Two file-backed PGlite servers (one seeding the demo) and two commands: about ten minutes on
  // a heavily loaded two-core machine, hence the long timeout.
  test('PGlite: the demo backed up and restored into a new data folder serves the same data', async () => {
    const source = path.join(root, 'pglite-source');
    const env = { ...common, DATA_DIR: source, WEB_DIST_DIR: path.join(root, 'no-web') };
    const seeded = await startServerProcess({ ...env, SEED_DEMO: 'true' });
    // A first look records what a first look records (a first download, read marks); the second is the reference.
    await clientView(seeded.url);
    const before = await clientView(seeded.url);
    expect(before.invoices.items.length).toBeGreaterThan(0);
    expect(before.messages.length).toBeGreaterThan(0);
    // PGlite belongs to one process: the server stops before its data is backed up.
    await stop(seeded);
    const objectsBefore = await storedObjects(source);
    expect(Object.values(objectsBefore).some((object) => object.writeOnce)).toBe(true);

    const backup = path.join(root, 'pglite-backup');
    const backedUp = await runCli('backup', backup, env);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toMatch(/backup: pglite database and \d+ stored object\(s\)/);
    // The refusals run in this process (a command's start-up is slow on a loaded machine); the
    // commands print the same messages.
    await expect(backUp(testConfig({ DATA_DIR: source }), backup)).rejects.toThrow(
      'is not empty: back up into a new folder',
    );

    // Refused: the source itself (its database is there), and a folder whose storage holds an object.
    await expect(restore(testConfig({ DATA_DIR: source }), backup)).rejects.toThrow(
      'already holds a database; restore into a new DATA_DIR',
    );
    expect(await storedObjects(source)).toEqual(objectsBefore);
    const occupied = path.join(root, 'pglite-occupied');
    await mkdir(path.join(occupied, 'storage', 'meta'), { recursive: true });
    await writeFile(path.join(occupied, 'storage', 'meta', 'left.pdf.json'), JSON.stringify({ size: 1 }));
    await expect(restore(testConfig({ DATA_DIR: occupied }), backup)).rejects.toThrow(
      'already holds stored objects; restore into empty storage',
    );
    expect(await readdir(occupied)).toEqual(['storage']);

    // A backup whose object bytes were changed is refused before the new folder is made.
    const damaged = path.join(root, 'pglite-damaged');
    await cp(backup, damaged, { recursive: true });
    const [firstKey] = Object.keys(objectsBefore);
    await appendFile(path.join(damaged, 'objects', ...firstKey!.split('/')), 'x');
    await expect(restore(testConfig({ DATA_DIR: path.join(root, 'from-damaged') }), damaged)).rejects.toThrow(
      `the backup is damaged: 1 stored object(s) missing or changed (${firstKey})`,
    );
    expect(await readdir(root)).not.toContain('from-damaged');

    const target = path.join(root, 'pglite-target');
    const restored = await runCli('restore', backup, { ...env, DATA_DIR: target });
    expect(restored.code, restored.output).toBe(0);
    expect(await storedObjects(target)).toEqual(objectsBefore);

    const server = await startServerProcess({ ...env, DATA_DIR: target, SEED_DEMO: 'false' });
    expect(await clientView(server.url)).toEqual(before);
    await stop(server);
  }, 900_000);

  test('PostgreSQL: backed up while the server runs, restored into a new database', async (context) => {
    if (!(await postgresReachable('the PostgreSQL backup test'))) return context.skip();
    const tools = ['pg_dump', 'pg_restore'].filter((tool) => spawnSync(tool, ['--version']).status !== 0);
    if (tools.length > 0) {
      console.log(`\n  ${tools.join(' and ')} not on PATH: the PostgreSQL backup test is skipped\n`);
      return context.skip();
    }
    const sourceDb = await createScratchDatabase();
    const targetDb = await createScratchDatabase();
    try {
      const source = {
        ...common,
        DATABASE_URL: sourceDb.url,
        DATA_DIR: path.join(root, 'pg-source'),
        WEB_DIST_DIR: path.join(root, 'no-web'),
      };
      const seeded = await startServerProcess({ ...source, SEED_DEMO: 'true' });
      await clientView(seeded.url);
      const before = await clientView(seeded.url);
      const objectsBefore = await storedObjects(source.DATA_DIR);

      const backup = path.join(root, 'pg-backup');
      const backedUp = await runCli('backup', backup, source);
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toMatch(/backup: postgres database/);
      await stop(seeded);

      await expect(
        restore(testConfig({ DATABASE_URL: sourceDb.url, DATA_DIR: path.join(root, 'pg-other') }), backup),
      ).rejects.toThrow(/the database at DATABASE_URL is not empty \(\d+ tables/);
      await expect(
        restore(testConfig({ DATA_DIR: path.join(root, 'pg-into-pglite') }), backup),
      ).rejects.toThrow(
        'this backup holds PostgreSQL (DATABASE_URL); it cannot be restored into the embedded PGlite database',
      );

      const target = { ...source, DATABASE_URL: targetDb.url, DATA_DIR: path.join(root, 'pg-target') };
      const restored = await runCli('restore', backup, target);
      expect(restored.code, restored.output).toBe(0);
      expect(await storedObjects(target.DATA_DIR)).toEqual(objectsBefore);

      const server = await startServerProcess({ ...target, SEED_DEMO: 'false' });
      expect(await clientView(server.url)).toEqual(before);
      await stop(server);
    } finally {
      await sourceDb.drop();
      await targetDb.drop();
    }
  }, 600_000);
});
