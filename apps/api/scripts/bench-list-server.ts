/**
 * Server side of bench/api-list.ts (not part of the app). Modes:
 *   seed  - creates the bench user (identity + app rows) and makes them the administrator of an
 *           organization with N matters, 20 members, assignments and requests (src/seed/scale.ts);
 *           READY says how long the seed and the `analyze` after it took (`seconds`)
 *   api   - the real app (buildApp + embedded identity, as main.ts wires it) on a free port
 *   bare  - a bare Fastify handler that runs the same SQL (listProjects) with a fixed principal
 *   createdb <admin-url> / dropdb <admin-url> <name> - a scratch PostgreSQL database for the run
 * Prints one line `READY {"port":..., "token":...}` when listening. Settings come from the
 * environment through loadConfig (DATA_DIR / DATABASE_URL), like the server itself.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrateDatabase, openDatabase, type Database } from '../src/db/index.js';
import { users } from '../src/db/schema/index.js';
import { createIdentityUser, identityForApp } from '../src/identity/index.js';
import { listProjects, type ProjectListQuery } from '../src/repositories/projects/index.js';
import { refreshAllDeadlinesJob } from '../src/reminders/jobs.js';
import { loadOrCreatePrincipal } from '../src/repositories/users.js';
import { seedLargeOrganization } from '../src/seed/scale.js';

const email = 'bench@example.com';
const password = 'Bench-Pass1';
const mode = process.argv[2];
const config = loadConfig();

function ready(info: Record<string, unknown>): void {
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);
}

async function seed(count: number): Promise<void> {
  const handle = await openDatabase(config.database);
  await migrateDatabase(handle, config.database);
  const db = handle.db;
  const { sub } = await createIdentityUser(db, config, {
    userType: 'REGULAR',
    email,
    password,
    attributes: { name: 'Bench User' },
  });
  const existing = await db
    .select()
    .from(users)
    .where(and(eq(users.userType, 'REGULAR'), eq(users.email, email)));
  if (existing.length > 0) {
    await handle.close();
    ready({ seeded: false });
    return;
  }
  const [user] = await db
    .insert(users)
    .values({ userType: 'REGULAR', identitySub: sub, email, name: 'Bench User' })
    .returning();
  const started = performance.now();
  const seeded = await seedLargeOrganization(db, {
    administratorUserId: user!.id,
    matters: count,
    members: 20,
    organizationName: 'Bench Co.',
  });
  // Statistics for the planner before either server runs (PGlite has no autovacuum; PostgreSQL's may not have run yet).
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;
  // Closed before READY: the PGlite folder is complete when the driver copies it.
  await handle.close();
  ready({
    seeded: true,
    matters: seeded.matters,
    requests: seeded.requests,
    assignments: seeded.assignments,
    members: seeded.memberUserIds.length + 1,
    seconds,
  });
}

/**
 * Waits for the start-up refresh of every matter's deadlines (src/plugins/jobs.ts): at 100,000
 * matters it keeps the process busy for seconds, and the bench measures the list as it runs
 * afterwards, not a start-up beside it.
 */
async function startupRefreshDone(db: Database): Promise<void> {
  for (let waited = 0; waited < 600; waited++) {
    const result: unknown = await db.execute(
      sql`select count(*)::int as open from pgboss.job where name = ${refreshAllDeadlinesJob} and state not in ('completed', 'failed', 'cancelled')`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      open: number;
    }[];
    if (Number(rows[0]?.open ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the start-up deadline refresh did not finish within 5 minutes');
}

async function api(): Promise<void> {
  const identity = identityForApp(config);
  const app = await buildApp(config, { verifier: identity.verifier, routes: identity.routes });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: config.identity.regular.embeddedPath,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.identity.regular.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const token = login.json<{ AuthenticationResult?: { IdToken?: string } }>().AuthenticationResult?.IdToken;
  if (!token) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`);
  await app.listen({ host: '127.0.0.1', port: 0 });
  await startupRefreshDone(app.db);
  const address = app.server.address();
  ready({ port: typeof address === 'object' && address ? address.port : 0, token });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Only what the list needs: parse the query by hand, run the same repository SQL, stringify. */
async function bare(): Promise<void> {
  const handle = await openDatabase(config.database);
  const db: Database = handle.db;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.userType, 'REGULAR'), eq(users.email, email)));
  if (!user) throw new Error('run the seed first');
  const principal = await loadOrCreatePrincipal(db, 'REGULAR', { sub: user.identitySub, email });
  const app = Fastify({ logger: false });
  app.get('/user/projects', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const query: ProjectListQuery = {
      tab: (q.tab ?? 'all') as ProjectListQuery['tab'],
      status: (q.status ?? 'all') as ProjectListQuery['status'],
      q: q.q,
      family: q.family,
      sort: (q.sort ?? 'updateDate') as ProjectListQuery['sort'],
      order: (q.order ?? 'desc') as ProjectListQuery['order'],
      cursor: q.cursor,
      limit: Number(q.limit ?? 100),
    };
    const page = await listProjects(db, principal, query);
    return reply.type('application/json').send(JSON.stringify({ hasError: false, message: '', ...page }));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  ready({ port: typeof address === 'object' && address ? address.port : 0, token: '' });
  const stop = () =>
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function createdb(adminUrl: string): Promise<void> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  ready({ name, url: url.toString() });
}

async function dropdb(adminUrl: string, name: string): Promise<void> {
  if (!/^bench_[0-9a-f]{8}$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  ready({ dropped: name });
}

const arg = (i: number) => process.argv[i] ?? '';
const run =
  mode === 'createdb'
    ? createdb(arg(3))
    : mode === 'dropdb'
      ? dropdb(arg(3), arg(4))
      : mode === 'seed'
        ? seed(Number(process.argv[3] ?? 10_000))
        : mode === 'api'
          ? api()
          : mode === 'bare'
            ? bare()
            : Promise.reject(new Error(`unknown mode ${mode}`));
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
