/**
 * Server side of bench/api-terms.ts (not part of the app). Modes:
 *   seed <matters> - the bench user administers an organization of N matters (src/seed/scale.ts)
 *                    with the dates deadline rules read (src/seed/scale-deadline-dates.ts); the
 *                    deadlines table is then filled by the start-up refresh job's own handler, as
 *                    production fills it
 *   api            - the real app (buildApp + embedded identity) on a free port, HTTP only
 *                    (PROCESS_ROLE=api from the driver: no refresh or reminder job runs beside the
 *                    measurement); signs in and creates a calendar feed through the API
 *   bare           - a bare Fastify handler running the same SQL as /user/deadlines (listDeadlines)
 *   plan <today>   - the hourly reminders job's handler for that day, twice (the day's first
 *                    planning, then an hourly re-run that finds everything planned), timed
 * createdb/dropdb come from bench-list-server.ts. Prints one line `READY {...}` when done or
 * listening. Settings come from the environment through loadConfig, like the server itself.
 */
import { isRefused, todayInJapan } from '@ipportal/domain';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp, type AppInstance } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrateDatabase, openDatabase, type Database, type Executor } from '../src/db/index.js';
import { users } from '../src/db/schema/index.js';
import { createIdentityUser, identityForApp } from '../src/identity/index.js';
import type { JobDefinition, JobsLogger } from '../src/jobs/index.js';
import { mailQueueOf, type MailBatchQueue } from '../src/mail/index.js';
import {
  defineReminderJobs,
  planRemindersJob,
  refreshAllDeadlinesJob,
  type ReminderJobDeps,
} from '../src/reminders/jobs.js';
import { listDeadlines } from '../src/repositories/deadlines/list.js';
import { loadOrCreatePrincipal } from '../src/repositories/users.js';
import { seedDeadlineDates } from '../src/seed/scale-deadline-dates.js';
import { seedLargeOrganization } from '../src/seed/scale.js';

const email = 'bench-terms@example.com';
const password = 'Bench-Pass1';
const mode = process.argv[2];
const config = loadConfig();

function ready(info: Record<string, unknown>): void {
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);
}

async function scalar(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await db.execute(query);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
  return Number(rows[0]?.n ?? 0);
}

const quietLogger: JobsLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The handler a job kind has in production, taken from defineReminderJobs itself (not a copy of
 * its body), to run it here in the foreground and time it.
 */
function reminderJob<Data extends object>(
  name: string,
  deps: ReminderJobDeps,
): (data: Data) => Promise<void> {
  const defined: JobDefinition<object>[] = [];
  defineReminderJobs(
    { define: (definition) => void defined.push(definition as JobDefinition<object>) },
    deps,
  );
  const job = defined.find((definition) => definition.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return (data) => job.handler(data, { jobId: 'bench', retryCount: 0, isLastAttempt: true });
}

async function seed(count: number): Promise<void> {
  const handle = await openDatabase(config.database);
  await migrateDatabase(handle, config.database);
  const db: Database = handle.db;
  const { sub } = await createIdentityUser(db, config, {
    userType: 'REGULAR',
    email,
    password,
    attributes: { name: 'Bench Terms' },
  });
  const [user] = await db
    .insert(users)
    .values({ userType: 'REGULAR', identitySub: sub, email, name: 'Bench Terms' })
    .returning();
  const seeded = await seedLargeOrganization(db, {
    administratorUserId: user!.id,
    matters: count,
    members: 20,
    organizationName: 'Bench Terms Co.',
  });
  await seedDeadlineDates(db, seeded.organizationId);
  await db.execute(sql`analyze`);
  const noMail: MailBatchQueue = Object.assign(() => Promise.reject(new Error('the refresh sends no mail')), {
    many: () => Promise.reject(new Error('the refresh sends no mail')),
  });
  const refreshAll = reminderJob<Record<string, never>>(refreshAllDeadlinesJob, {
    db,
    config,
    queueMail: noMail,
    logger: quietLogger,
  });
  const started = performance.now();
  await refreshAll({});
  const refreshSeconds = (performance.now() - started) / 1000;
  // Statistics for the planner now that deadlines exist (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
  const deadlines = await scalar(db, sql`select count(*) as n from deadlines where removed_at is null`);
  const requests = await scalar(db, sql`select count(*) as n from deadlines where request_id is not null`);
  // Closed before READY: the PGlite folder is complete when the driver copies it.
  await handle.close();
  ready({ matters: seeded.matters, deadlines, requestDeadlines: requests, refreshSeconds });
}

/** Signs the bench user in through the embedded identity service, as the web app does. */
async function signIn(app: AppInstance): Promise<string> {
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
  return token;
}

async function api(): Promise<void> {
  const identity = identityForApp(config);
  const app = await buildApp(config, { verifier: identity.verifier, routes: identity.routes });
  await app.ready();
  const token = await signIn(app);
  const created = await app.inject({
    method: 'POST',
    url: '/user/calendar-feeds',
    headers: { authorization: `Bearer ${token}` },
  });
  const feedUrl = created.json<{ item?: { url?: string } }>().item?.url;
  if (created.statusCode !== 201 || !feedUrl)
    throw new Error(`calendar feed not created: ${created.statusCode} ${created.body}`);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  ready({
    port: typeof address === 'object' && address ? address.port : 0,
    token,
    feedPath: new URL(feedUrl).pathname,
  });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Only what the /terms page needs: its query by hand, the repository's SQL, stringify. */
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
  app.get('/user/deadlines', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const page = await listDeadlines(db, principal, {
      state: (q.state ?? 'open') as 'open',
      limit: Number(q.limit ?? 200),
    });
    if (isRefused(page)) return reply.code(400).send(page);
    return reply
      .type('application/json')
      .send(JSON.stringify({ hasError: false, message: '', items: page.items, nextCursor: page.nextCursor }));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  ready({ port: typeof address === 'object' && address ? address.port : 0 });
  const stop = () =>
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function plan(today: string): Promise<void> {
  const app = await buildApp(config);
  await app.ready();
  const planDay = reminderJob<{ today?: string }>(planRemindersJob, {
    db: app.db,
    config: app.config,
    queueMail: mailQueueOf(app.jobs),
    logger: quietLogger,
  });
  // Wall time, and this process's CPU time: on a machine shared with other work the first
  // follows the load, the second much less (on PGlite it is the database's work too).
  const timed = async () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await planDay({ today });
    const used = process.cpuUsage(cpu);
    return [(performance.now() - started) / 1000, (used.user + used.system) / 1e6] as const;
  };
  const [firstSeconds, firstCpuSeconds] = await timed();
  const reminders = await scalar(app.db, sql`select count(*) as n from deadline_reminders`);
  const mails = await scalar(app.db, sql`select count(*) as n from mail_outbox`);
  const [rerunSeconds, rerunCpuSeconds] = await timed();
  const openAhead = await scalar(
    app.db,
    sql`select count(*) as n from deadlines where removed_at is null and date >= ${today}::date`,
  );
  await app.close();
  ready({ today, firstSeconds, firstCpuSeconds, rerunSeconds, rerunCpuSeconds, reminders, mails, openAhead });
}

const arg = (i: number) => process.argv[i] ?? '';
const run =
  mode === 'seed'
    ? seed(Number(arg(3) || 10_000))
    : mode === 'api'
      ? api()
      : mode === 'bare'
        ? bare()
        : mode === 'plan'
          ? plan(arg(3) || todayInJapan())
          : Promise.reject(new Error(`unknown mode ${mode}`));
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
