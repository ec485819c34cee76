import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../db/index.js';
import { rowsOf } from '../db/rows.js';

/** The database file's name in a backup folder, by kind. */
export const databaseFileName = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

/**
 * Runs a PostgreSQL client tool with the connection's password in PGPASSWORD rather than in its
 * arguments (which every user of the machine can read in the process list).
 */
function runPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${target.toString()}`], {
      // The tool needs this process's PATH and locale; only the password is added.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not on PATH: install the PostgreSQL client tools of the server's major version (Debian: postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

/** Writes the whole database to `file`: PGlite's data-folder tarball, or a pg_dump custom-format archive. */
export async function dumpDatabase(options: DatabaseOptions, file: string): Promise<void> {
  if (options.driver === 'postgres') {
    // One pg_dump runs in one snapshot: the archive is consistent while servers keep writing.
    await runPostgresTool('pg_dump', options.url, ['--format=custom', `--file=${file}`]);
    return;
  }
  const database = await openDatabase(options);
  try {
    if (database.connection.driver !== 'pglite') throw new Error('expected the embedded PGlite database');
    const dump = await database.connection.client.dumpDataDir('gzip');
    await pipeline(
      Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>),
      createWriteStream(file, { flags: 'wx' }),
    );
  } finally {
    await database.close();
  }
}

/** Why the target database cannot take a restore, or undefined when it is empty. */
export async function databaseNotEmpty(options: DatabaseOptions): Promise<string | undefined> {
  if (options.driver === 'pglite') {
    const entries = await readdir(options.dataDir ?? '').catch(() => []);
    return entries.length > 0
      ? `the data folder ${options.dataDir} already holds a database; restore into a new DATA_DIR`
      : undefined;
  }
  const database = await openDatabase({ ...options, poolMax: 1 });
  try {
    const result = await database.db.execute(sql`
      select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        and n.nspname not like 'pg_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`);
    const relations = rowsOf<{ relations: number }>(result)[0]?.relations ?? 0;
    return relations > 0
      ? `the database at DATABASE_URL is not empty (${relations} tables, views or sequences); restore into a newly created database`
      : undefined;
  } finally {
    await database.close();
  }
}

/** Loads a dump written by `dumpDatabase` into an empty target of the same kind. */
export async function loadDatabase(options: DatabaseOptions, file: string): Promise<void> {
  if (options.driver === 'postgres') {
    // One transaction: a restore that fails part-way leaves the database as empty as it was.
    await runPostgresTool('pg_restore', options.url, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      file,
    ]);
    return;
  }
  if (!options.dataDir)
    throw new Error('restore needs DATA_DIR: the in-memory database cannot be restored into');
  await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, { loadDataDir: new Blob([await readFile(file)]) });
  await client.waitReady;
  await client.close();
}
