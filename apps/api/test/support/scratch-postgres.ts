import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/*
 * A database of its own for a test that starts server processes: they read DATABASE_URL, so the
 * test cannot use the per-file schemas of support/db.ts. Created empty, dropped (forcibly: a
 * killed process may leave connections behind) when the test is done.
 */

export const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

const admin = () => postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => undefined });

/** Whether PostgreSQL answers at `adminUrl`; when it does not, says which test is skipped. */
export async function postgresReachable(skipped: string): Promise<boolean> {
  const sql = admin();
  try {
    await sql`select 1`;
    return true;
  } catch {
    console.log(`\n  PostgreSQL not reachable at ${adminUrl}: ${skipped} is skipped\n`);
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const sql = admin();
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    async drop() {
      const sql = admin();
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sql.end();
    },
  };
}
