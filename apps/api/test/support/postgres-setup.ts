import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** Where to look for PostgreSQL: DATABASE_URL_TEST, else the local server's `test` database. */
function candidates(): string[] {
  if (process.env.DATABASE_URL_TEST) return [process.env.DATABASE_URL_TEST];
  return ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];
}

async function reachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => undefined });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined);
  }
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Global setup of the postgres project: find a server or say clearly that the run is skipped. */
export default async function setup(project: TestProject): Promise<void> {
  let found = '';
  if (process.env.PGLITE_ONLY) {
    console.log('\n  PGLITE_ONLY is set: PostgreSQL run skipped\n');
  } else {
    for (const url of candidates()) {
      if (await reachable(url)) {
        found = url;
        break;
      }
    }
    if (found)
      console.log(`\n  PostgreSQL run against ${redact(found)} (one fresh database per test file)\n`);
    else
      console.log(
        `\n  PostgreSQL not reachable at ${candidates().map(redact).join(' or ')}: PostgreSQL run skipped\n`,
      );
  }
  project.provide('postgresAdminUrl', found);
}
