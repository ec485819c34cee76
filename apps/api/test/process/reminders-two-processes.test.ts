/**
 * Two server processes, both running workers, on one PostgreSQL database. The clock is moved
 * through half a year by queueing the reminder planning job for each day twice (the two
 * processes take one each and race): every expected reminder is mailed exactly once (one .eml
 * file each), and a matter whose date changes half-way is planned again for its new date.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { deadlineReminders, mailOutbox, projects, users } from '../../src/db/schema/index.js';
import { createPgBossJobs, type Jobs } from '../../src/jobs/index.js';
import { refreshDeadlines } from '../../src/repositories/deadlines/refresh.js';
import { planRemindersJob } from '../../src/reminders/jobs.js';
import {
  createScratchDatabase,
  postgresReachable,
  type ScratchDatabase,
} from '../support/scratch-postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const postgresUp = await postgresReachable('the two-process reminder test');

function* days(from: string, to: string): Generator<string> {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(!postgresUp)('reminders with two worker processes', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let servers: ServerProcess[] = [];
  let database: DatabaseHandle;
  let jobs: Jobs;
  const email = 'docket@example.com';
  let userId: string;
  let steadyId: string;
  let movedId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const databaseUrl = scratch.url;
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-reminders-'));
    await mkdir(path.join(dataDir, 'mail'), { recursive: true });
    const env = {
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://portal.example',
      IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolMax: 2 });
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ userType: 'REGULAR', identitySub: randomUUID(), email, name: 'Docket Clerk', locale: 'en' })
      .returning({ id: users.id });
    userId = user!.id;
    const matter = (refrenceCode: string, applicationDate: string) => ({
      ownerUserId: userId,
      type: 0,
      regionCode: 1,
      refrenceCode,
      title: 'Confidential title',
      applicationDate,
      createdBy: userId,
      updatedBy: userId,
    });
    // JP patents: the examination request is due 3 years after filing.
    const rows = await db
      .insert(projects)
      .values([matter('STEADY-1', '2024-03-10'), matter('MOVED-1', '2024-04-20')])
      .returning({ id: projects.id });
    [steadyId, movedId] = rows.map((row) => row.id) as [string, string];
    await refreshDeadlines(db, [steadyId, movedId]);
    jobs = createPgBossJobs(database, { runsWorkers: false, logger: silent });
    jobs.define({
      name: planRemindersJob,
      retryLimit: 5,
      retryDelaySeconds: 30,
      heartbeatSeconds: 30,
      expireInSeconds: 900,
      handler: () => Promise.resolve(),
    });
    await jobs.start();
  }, 420_000);

  afterAll(async () => {
    await jobs?.stop(1000);
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Resolves when every job `ids` has completed (the workers report through the job table). */
  async function completed(ids: string[]): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await database.db.execute<{ state: string }>(
        sql`select state from pgboss.job where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      const states = (rows as unknown[] as { state: string }[]).map((row) => row.state);
      if (states.length === ids.length && states.every((state) => state === 'completed')) return;
      if (states.some((state) => state === 'failed'))
        throw new Error(`a planning job failed: ${states.join()}`);
      if (Date.now() > deadline) throw new Error(`planning jobs not completed: ${states.join()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  test('every expected reminder is mailed exactly once; a moved date is planned again', async () => {
    for (const today of days('2026-09-01', '2027-03-15')) {
      if (today === '2026-12-01') {
        // The filing date of MOVED-1 is corrected: its examination request moves to 2027-02-05.
        await database.db
          .update(projects)
          .set({ applicationDate: '2024-02-05' })
          .where(eq(projects.id, movedId));
        await refreshDeadlines(database.db, [movedId]);
      }
      const ids = await Promise.all([0, 1].map(() => jobs.enqueue(database.db, planRemindersJob, { today })));
      await completed(ids.filter((id): id is string => id !== null));
    }
    const planned = await database.db
      .select({
        project: deadlineReminders.projectId,
        due: deadlineReminders.dueDate,
        offset: deadlineReminders.offset,
        on: deadlineReminders.plannedOn,
      })
      .from(deadlineReminders)
      .orderBy(deadlineReminders.plannedOn);
    const name = (id: string) => (id === steadyId ? 'STEADY' : 'MOVED');
    expect(planned.map((row) => `${name(row.project)} ${row.due} ${row.offset} ${row.on}`)).toEqual([
      'STEADY 2027-03-10 P6M 2026-09-10',
      'MOVED 2027-04-20 P6M 2026-10-20',
      'MOVED 2027-02-05 P3M 2026-12-01',
      'STEADY 2027-03-10 P3M 2026-12-10',
      'MOVED 2027-02-05 P1M 2027-01-05',
      'MOVED 2027-02-05 P2W 2027-01-22',
      'MOVED 2027-02-05 P1W 2027-01-29',
      'MOVED 2027-02-05 P0D 2027-02-05',
      'STEADY 2027-03-10 P1M 2027-02-10',
      'STEADY 2027-03-10 P2W 2027-02-24',
      'STEADY 2027-03-10 P1W 2027-03-03',
      'STEADY 2027-03-10 P0D 2027-03-10',
    ]);
    // Delivered once each: every outbox row sent, one .eml file per row.
    const outbox = async () =>
      database.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.template, ['deadlineDue']));
    const deadline = Date.now() + 60_000;
    while ((await outbox()).some((row) => row.status !== 'sent') && Date.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve));
    const rows = await outbox();
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const files = (await readdir(path.join(dataDir, 'mail'))).filter((file) =>
      file.includes(`_${email}_deadlineDue`),
    );
    expect(files).toHaveLength(12);
    expect(rows.map((row) => (row.params as { url: string }).url)).toContain(
      `https://portal.example/projects?project-id=${movedId}`,
    );
  }, 600_000);
});
