import { deliverableResponseSchema, deliverableEndpoints } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkUpload, uploadCheckJob, type UploadCheckData } from '../../src/storage/upload-check.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { multipartBody, pdfBytes } from '../projects/support.js';
import { buildWorld, type DetailWorld } from './detail-support.js';
import { call } from '../support/endpoints.js';

interface CheckJob {
  id: string;
  data: UploadCheckData;
}

/**
 * Write-once bytes are stored before their row: a row write that fails after the upload must not
 * leave them unknown. Each upload first commits a delayed check of its key, which reports bytes
 * without a row (error log, failed job) and leaves uploads that got their row alone.
 */
describe.skipIf(skipDriver)('deliverable bytes whose row was never written', () => {
  let ctx: TestContext;
  let w: DetailWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'orphan');
  });
  afterAll(async () => ctx?.close());

  const upload = (content: Buffer) => {
    const body = multipartBody(content, { filename: 'report.pdf', contentType: 'application/pdf' });
    return call(ctx, deliverableEndpoints.uploadDeliverable, {
      as: w.office,
      headers: { ...body.headers },
      params: { projectId: w.projectId, requestId: w.number },
      payload: body.payload,
    });
  };
  const checkJobs = async (): Promise<CheckJob[]> => {
    const result = await ctx.app.db.execute(
      sql`select id, data from pgboss.job where name = ${uploadCheckJob} order by created_on`,
    );
    return (Array.isArray(result) ? result : (result as { rows: CheckJob[] }).rows) as CheckJob[];
  };
  const deps = () => ({ db: ctx.app.db, storage: ctx.app.storage, logger: { info() {}, error() {} } });

  test('an upload that got its row: its check was scheduled before the bytes and finds nothing to report', async () => {
    const response = await upload(pdfBytes('recorded'));
    expect(response.statusCode).toBe(201);
    deliverableResponseSchema.parse(response.json());
    const [job] = await checkJobs();
    expect(job?.data).toMatchObject({ purpose: 'deliverable', userId: w.office.id });
    expect(await ctx.app.storage.exists(job!.data.key)).toBe(true);
    await expect(checkUpload(deps(), job!.data)).resolves.toBeUndefined();
  });

  test('the database write fails after the upload: the check job reports the write-once bytes', async () => {
    // Every insert into files fails, as if the database went away between upload and row.
    await ctx.app.db.execute(sql`
      create function test_refuse_files() returns trigger language plpgsql as $$
      begin raise exception 'database write refused (test)'; end $$`);
    await ctx.app.db.execute(
      sql`create trigger test_refuse_files before insert on files for each row execute function test_refuse_files()`,
    );
    const before = (await checkJobs()).length;
    try {
      expect((await upload(pdfBytes('lost'))).statusCode).toBe(500);
    } finally {
      await ctx.app.db.execute(sql`drop trigger test_refuse_files on files`);
      await ctx.app.db.execute(sql`drop function test_refuse_files()`);
    }
    const jobs = await checkJobs();
    expect(jobs).toHaveLength(before + 1);
    const orphan = jobs.at(-1)!;
    // The bytes are there, write-once: nothing can remove them.
    expect(await ctx.app.storage.exists(orphan.data.key)).toBe(true);
    await expect(ctx.app.storage.delete(orphan.data.key)).rejects.toMatchObject({ code: 'writeOnce' });

    // The check is due now instead of after the request timeout; the worker runs it and it fails
    // with the report, where an operator lists failed jobs.
    await ctx.app.db.execute(sql`update pgboss.job set start_after = now() where id = ${orphan.id}`);
    const failed = await waitForFailedJob(orphan.id);
    expect(failed.error).toContain(`orphaned write-once object ${orphan.data.key}`);
  });

  /** Reads the failed jobs again until the job is among them (the job table is the truth). */
  async function waitForFailedJob(id: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await ctx.app.jobs.failed()).find((job) => job.id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`job ${id} did not fail within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});
