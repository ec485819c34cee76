/**
 * In-process timing of the money lists for bench/api-invoices.ts (not part of the app), against a
 * database scripts/bench-invoices-server.ts seeded: for the client's unpaid, overdue and paid lists
 * and the office's unpaid list (first page, the web's query), the median of `rounds` sequential
 * `listInvoices` calls with this process's CPU time per call, and on PostgreSQL each statement it runs with its EXPLAIN (ANALYZE, BUFFERS)
 * execution time and the buffers its plan touched (shared hit + read). No HTTP, no concurrency:
 * these figures show what a list costs whatever the load of the machine. Prints one line
 * `READY {"lists":[...]}`.
 */
import { todayInJapan } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { loadConfig } from '../src/config.js';
import { openDatabase, schema, type Database } from '../src/db/index.js';
import { users } from '../src/db/schema/index.js';
import { listInvoices, type InvoiceListQuery } from '../src/repositories/billing/invoice-list.js';
import { loadOrCreatePrincipal } from '../src/repositories/users.js';
import { benchClientEmail, benchOfficeEmail } from './bench-invoices-people.js';

const config = loadConfig();
const rounds = Number(process.argv[2] ?? 12);

const page = { sort: 'dueDate', order: 'desc', offset: 0, limit: 100 } as const;
const lists: { name: string; office: boolean; query: InvoiceListQuery }[] = [
  { name: 'client: unpaid', office: false, query: { view: 'unpaid', ...page } },
  { name: 'client: overdue', office: false, query: { view: 'overdue', ...page } },
  { name: 'client: paid', office: false, query: { view: 'paid', ...page } },
  { name: 'office: unpaid', office: true, query: { view: 'unpaid', ...page } },
];

interface Statement {
  sql: string;
  params: unknown[];
}

/** The execution time and the buffers of the plan's top node (they include its children's). */
async function explain(client: postgres.Sql, statement: Statement) {
  const rows = await client.unsafe<{ 'QUERY PLAN': string }[]>(
    `explain (analyze, buffers) ${statement.sql}`,
    statement.params as postgres.ParameterOrJSON<never>[],
  );
  const plan = rows.map((row) => row['QUERY PLAN']);
  const buffers = plan.find((line) => line.includes('Buffers:')) ?? '';
  const count = (kind: string) => Number(new RegExp(`${kind}=(\\d+)`).exec(buffers)?.[1] ?? 0);
  const executionMs = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
  const counts = /count\(|invoice_list_counts/.test(statement.sql);
  return {
    statement: counts ? 'count and balance sum' : 'page (keys, then rows)',
    executionMs,
    buffers: count('hit') + count('read'),
    plan,
  };
}

async function main(): Promise<void> {
  const handle = await openDatabase(config.database);
  const db: Database = handle.db;
  const principalOf = async (email: string, userType: 'REGULAR' | 'PATENT') => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('run the seed first');
    return loadOrCreatePrincipal(db, userType, { sub: user.identitySub, email });
  };
  const client = await principalOf(benchClientEmail, 'REGULAR');
  const office = await principalOf(benchOfficeEmail, 'PATENT');
  // On PostgreSQL, the same calls through a Drizzle that records each statement, to explain them.
  const recorded: Statement[] = [];
  const explainer =
    handle.connection.driver === 'postgres'
      ? postgres(handle.connection.url, { max: 1, onnotice: () => undefined })
      : undefined;
  const recording = explainer
    ? (drizzlePostgres({
        client: explainer,
        schema,
        logger: { logQuery: (sql, params) => void recorded.push({ sql, params }) },
      }) as unknown as Database)
    : undefined;
  const figures = [];
  for (const list of lists) {
    const principal = list.office ? office : client;
    const first = await listInvoices(db, principal, list.query);
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await listInvoices(db, principal, list.query);
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    times.sort((a, b) => a - b);
    const statements = [];
    if (explainer && recording) {
      recorded.length = 0;
      await listInvoices(recording, principal, list.query);
      for (const statement of [...recorded]) statements.push(await explain(explainer, statement));
    }
    figures.push({
      name: list.name,
      rows: first.items.length,
      total: first.total,
      medianMs: times[Math.floor(times.length / 2)],
      // This process's CPU per call (on PGlite the database's work included): less moved by load.
      cpuMs: (cpu.user + cpu.system) / 1000 / rounds,
      statements,
    });
  }
  await explainer?.end();
  await handle.close();
  process.stdout.write(`READY ${JSON.stringify({ today: todayInJapan(), lists: figures })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
