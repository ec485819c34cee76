import { projectEndpoints, requestMailEndpoints } from '@ipportal/domain';
/**
 * Idempotency-Key on the creating POSTs (src/plugins/idempotency.ts): a retry with the same key
 * and body answers the first result without doing it again; the same key with another body
 * answers 422 and changes nothing; a second request while the first runs answers 409 and it runs
 * once; keys of different users are independent; keys expire after 24 hours (the job deletes
 * them); a claim of a process that died is taken over. Also across two app instances on one
 * database (two processes' worth of pools), and for a multipart mail re-sent with a new boundary.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { idempotencyKeys, mailOutbox, projects, requestMails } from '../../src/db/schema/index.js';
import { defineIdempotencyExpiry, type ExpireIdempotencyKeysData } from '../../src/idempotency/expiry-job.js';
import { claimOf, runWithClaim, setClaim } from '../../src/idempotency/context.js';
import type { JobDefinition } from '../../src/jobs/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver, testDriver } from '../support/db.js';
import { buildWorld, multipartMail, type DetailWorld } from '../requests/detail-support.js';
import { pdfBytes, validMatter } from '../projects/support.js';
import { call, urlOf } from '../support/endpoints.js';

const noLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Polls until `check` holds (a row written by another request), failing after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(skipDriver)('Idempotency-Key on creating POSTs', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let second: { app: FastifyInstance; handle: DatabaseHandle | undefined };

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.com' });
    w = await buildWorld(ctx, 'idem');
    // A second process on the same database: its own pool on PostgreSQL; PGlite lives in one
    // process, so the second app shares its instance.
    const handle =
      testDriver === 'postgres' && ctx.config.database.driver === 'postgres'
        ? await openDatabase({ driver: 'postgres', url: ctx.config.database.url, poolMax: 3 })
        : undefined;
    const app = await buildApp(ctx.config, {
      verifier: ctx.identity.verifier,
      database: handle ?? ctx.database,
      logger: false,
    });
    await app.ready();
    second = { app, handle };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle?.close();
    await ctx?.close();
  });

  const createMatter = (
    body: Record<string, unknown>,
    key: string | undefined,
    headers: Record<string, string> = w.owner.headers,
    app: FastifyInstance = ctx.app,
  ) =>
    call({ app: app }, projectEndpoints.createProject, {
      headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { ...validMatter, ...body },
    });
  const mattersCoded = async (code: string) =>
    (await ctx.app.db.select({ n: count() }).from(projects).where(eq(projects.refrenceCode, code)))[0]!.n;

  test('the same key and body answer the first result (status and body) and create one matter', async () => {
    const key = randomUUID();
    const first = await createMatter({ refrenceCode: 'IDEM-1', title: '同じキー' }, `"${key}"`);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // A retry, with the key in its bare form and the same body.
    const retry = await createMatter({ refrenceCode: 'IDEM-1', title: '同じキー' }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The same from the other process.
    const elsewhere = await createMatter(
      { title: '同じキー', refrenceCode: 'IDEM-1' },
      `"${key}"`,
      w.owner.headers,
      second.app,
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toEqual(first.json());
    expect(await mattersCoded('IDEM-1')).toBe(1);
    // Without a key every POST creates (as before).
    await createMatter({ refrenceCode: 'IDEM-1' }, undefined);
    expect(await mattersCoded('IDEM-1')).toBe(2);
  });

  test('the same key with another body answers 422 in the caller language and changes nothing', async () => {
    const key = randomUUID();
    expect((await createMatter({ refrenceCode: 'IDEM-2' }, key)).statusCode).toBe(201);
    const stored = await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const other = await createMatter({ refrenceCode: 'IDEM-2-other' }, key, {
      ...w.owner.headers,
      'accept-language': 'en',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ hasError: true });
    expect(other.json<{ message: string }>().message).toContain(
      'This Idempotency-Key was already used for a different operation',
    );
    const ja = await createMatter({ refrenceCode: 'IDEM-2-other' }, key);
    expect(ja.statusCode).toBe(422);
    expect(ja.json<{ message: string }>().message).toContain(
      'この Idempotency-Key は内容の異なる別の操作で使用済みです',
    );
    expect(await mattersCoded('IDEM-2-other')).toBe(0);
    expect(await mattersCoded('IDEM-2')).toBe(1);
    expect(await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual(
      stored,
    );
  });

  test('keys of different users are independent', async () => {
    const key = randomUUID();
    const mine = await createMatter({ refrenceCode: 'IDEM-3' }, key);
    const theirs = await createMatter({ refrenceCode: 'IDEM-3' }, key, w.admin.headers);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ item: { id: string } }>().item.id).not.toBe(
      mine.json<{ item: { id: string } }>().item.id,
    );
    expect(await mattersCoded('IDEM-3')).toBe(2);
  });

  test('a malformed key answers 400 and creates nothing', async () => {
    for (const bad of ['"', '("a" "b")', 'x'.repeat(256), '"with space"']) {
      const response = await createMatter({ refrenceCode: 'IDEM-BAD' }, bad);
      expect(response.statusCode).toBe(400);
    }
    expect(await mattersCoded('IDEM-BAD')).toBe(0);
  });

  test('keys expire after 24 hours: the job deletes them and the key then counts as new', async () => {
    const key = randomUUID();
    expect((await createMatter({ refrenceCode: 'IDEM-4' }, key)).statusCode).toBe(201);
    let job: JobDefinition<ExpireIdempotencyKeysData> | undefined;
    defineIdempotencyExpiry(
      { define: (d) => (job = d as unknown as JobDefinition<ExpireIdempotencyKeysData>) },
      { db: ctx.app.db, logger: noLog },
    );
    expect(job?.cron).toBeDefined();
    const attempt = { jobId: 'test', retryCount: 0, isLastAttempt: false };
    const keyRows = () => ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await job!.handler({ now: new Date(Date.now() + 23 * 3600_000).toISOString() }, attempt);
    expect(await keyRows()).toHaveLength(1);
    await job!.handler({ now: new Date(Date.now() + 24 * 3600_000 + 60_000).toISOString() }, attempt);
    expect(await keyRows()).toHaveLength(0);
    // After expiry, the key is a new request.
    expect(
      (await createMatter({ refrenceCode: 'IDEM-4' }, key)).headers['idempotent-replayed'],
    ).toBeUndefined();
    expect(await mattersCoded('IDEM-4')).toBe(2);
    // An expired row the job has not deleted yet is not replayed either.
    await ctx.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    expect(
      (await createMatter({ refrenceCode: 'IDEM-4' }, key)).headers['idempotent-replayed'],
    ).toBeUndefined();
    expect(await mattersCoded('IDEM-4')).toBe(3);
  });

  test('a claim left by a process that died is taken over and runs once', async () => {
    const dead = randomUUID();
    await ctx.app.db.insert(idempotencyKeys).values({
      userId: w.owner.id,
      key: dead,
      owner: randomUUID(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const response = await createMatter({ refrenceCode: 'IDEM-5' }, dead);
    expect(response.statusCode).toBe(201);
    expect(await mattersCoded('IDEM-5')).toBe(1);
    expect((await createMatter({ refrenceCode: 'IDEM-5' }, dead)).headers['idempotent-replayed']).toBe(
      'true',
    );
  });

  test('a claim whose process died after its transaction committed is not run again: 409', async () => {
    const lost = randomUUID();
    await ctx.app.db.insert(idempotencyKeys).values({
      userId: w.owner.id,
      key: lost,
      owner: randomUUID(),
      state: 'committed',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const response = await createMatter({ refrenceCode: 'IDEM-6' }, lost, {
      ...w.owner.headers,
      'accept-language': 'en',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toContain(
      'This operation was completed, but the server stopped before it could answer',
    );
    expect(await mattersCoded('IDEM-6')).toBe(0);
  });

  test('a transaction of a request holding a claim marks it committed in the same commit; a rollback does not', async () => {
    const key = randomUUID();
    const owner = randomUUID();
    const ref = { userId: w.owner.id, key };
    await ctx.app.db
      .insert(idempotencyKeys)
      .values({ ...ref, owner, expiresAt: new Date(Date.now() + 3600_000) });
    const request = {} as FastifyRequest;
    setClaim(request, { ref, owner, fingerprint: 'f', committed: false, settled: false });
    const state = async () =>
      (await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0]!.state;
    await expect(
      runWithClaim(request, () =>
        ctx.app.db.transaction(async (tx) => {
          await tx.update(projects).set({ title: 'x' }).where(eq(projects.refrenceCode, 'none'));
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect(await state()).toBe('running');
    await runWithClaim(request, () =>
      ctx.app.db.transaction(async (tx) => {
        await tx.update(projects).set({ title: 'x' }).where(eq(projects.refrenceCode, 'none'));
      }),
    );
    expect(await state()).toBe('committed');
    expect(claimOf(request)?.committed).toBe(true);
  });

  // --- the mail: multipart, held open mid-body to be "still running" -----------------------------

  const mailPath = () =>
    urlOf(requestMailEndpoints.sendRequestMail, {
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
    });
  const mailsWith = async (subject: string) =>
    (
      await ctx.app.db
        .select({ id: requestMails.id })
        .from(requestMails)
        .where(eq(requestMails.subject, subject))
    ).map((r) => r.id);
  const noticesOf = async (mailId: string) =>
    (
      await ctx.app.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(like(mailOutbox.reference, `requestMail:${mailId}%`))
    )[0]!.n;

  const sendMail = (subject: string, key: string, content = pdfBytes('one'), app = ctx.app) => {
    const body = multipartMail({ subject, body: '本文' }, [
      { name: '資料.pdf', content, contentType: 'application/pdf' },
    ]);
    return app.inject({
      method: 'POST',
      url: mailPath(),
      headers: { ...w.owner.headers, ...body.headers, 'idempotency-key': key },
      payload: body.payload,
    });
  };

  test('a mail POST retried with the same key (a new multipart boundary) sends one mail; another file answers 422', async () => {
    const key = randomUUID();
    const first = await sendMail('IDEM mail 1', key);
    expect(first.statusCode).toBe(201);
    const retry = await sendMail('IDEM mail 1', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const ids = await mailsWith('IDEM mail 1');
    expect(ids).toHaveLength(1);
    const notices = await noticesOf(ids[0]!);
    expect(notices).toBeGreaterThan(0);

    const other = await sendMail('IDEM mail 1', key, pdfBytes('another file'));
    expect(other.statusCode).toBe(422);
    expect(await mailsWith('IDEM mail 1')).toHaveLength(1);
    expect(await noticesOf(ids[0]!)).toBe(notices);
  });

  test('a second request while the first still runs answers 409, on either process; the mail is sent once', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const key = randomUUID();
    const subject = 'IDEM mail running';
    const body = multipartMail({ subject, body: '本文' }, [
      { name: '資料.pdf', content: pdfBytes('held'), contentType: 'application/pdf' },
    ]);
    // The first request: headers and the first half of the body, the rest held back.
    const first: ClientRequest = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: mailPath(),
      headers: {
        ...w.owner.headers,
        ...body.headers,
        'content-length': String(body.payload.length),
        'idempotency-key': `"${key}"`,
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      first.on('response', (response: IncomingMessage) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      first.on('error', reject);
    });
    const half = Math.floor(body.payload.length / 2);
    first.write(body.payload.subarray(0, half));
    // Claimed: the first request is running (its handler is reading the body).
    await within(
      10_000,
      async () =>
        (
          await ctx.app.db
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running')))
        ).length === 1,
    );
    const here = await sendMail(subject, key);
    expect(here.statusCode).toBe(409);
    const there = await sendMail(subject, key, pdfBytes('held'), second.app);
    expect(there.statusCode).toBe(409);
    expect(there.json<{ message: string }>().message).toContain('同じ操作をまだ処理しています');

    first.end(body.payload.subarray(half));
    const done = await answer;
    expect(done.status).toBe(201);
    const ids = await mailsWith(subject);
    expect(ids).toHaveLength(1);
    // Finished: a retry gets the first answer, on either process.
    const later = await sendMail(subject, key, pdfBytes('held'), second.app);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(JSON.parse(done.text));
    expect(await mailsWith(subject)).toHaveLength(1);
  });
});
