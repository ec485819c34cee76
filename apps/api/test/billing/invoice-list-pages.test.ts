import { invoiceEndpoints, invoiceListResponseSchema } from '@ipportal/domain';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  firms,
  invoiceListVersions,
  organizations,
  projects,
  requests,
  users,
} from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertIssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { createMatter, type TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, type DetailWorld } from '../requests/detail-support.js';

/**
 * The invoice list pages a process keeps (docs/adr/0056) are answered again only while nothing
 * they show has changed: a rename of a matter, a request, the office, the billed organization or
 * the billed user shows at the next read of every party's list, as a payment or a void does
 * (those are walked in invoice-list-counts.test.ts, through the same kept pages). A change that no
 * list shows leaves every scope's version as it was.
 */
describe.skipIf(skipDriver)('invoice list pages kept', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let organizationId: string;
  let strangerRequestId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'kept');
    const [project] = await ctx.app.db.select().from(projects).where(eq(projects.id, w.projectId));
    organizationId = project!.organizationId!;
    const strangerMatter = await createMatter(ctx, w.stranger, { title: '個人の案件' });
    strangerRequestId = (await insertRequest(ctx, strangerMatter.id, w.firmId, w.stranger.id)).id;
    await insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen: 100_000 });
    await insertIssuedInvoice(ctx, { requestId: strangerRequestId, firmId: w.firmId, feeYen: 50_000 });
  });
  afterAll(async () => ctx?.close());

  /** What each row of a party's unpaid list names: matter, request, office and client. */
  async function namesShown(user: TestUser, namespace: 'user' | 'patent') {
    const response = await call(ctx, invoiceEndpoints.listInvoices, {
      namespace,
      headers: user.headers,
      query: { view: 'unpaid' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return invoiceListResponseSchema
      .parse(response.json())
      .items.map((i) =>
        [i.subject.projectTitle, i.subject.requestName, i.firm.name, i.client.name].join(' / '),
      )
      .sort();
  }

  const parties = () =>
    Promise.all([
      namesShown(w.admin, 'user'),
      namesShown(w.stranger, 'user'),
      namesShown(w.office, 'patent'),
    ]);

  async function versions() {
    const rows = await ctx.app.db.select().from(invoiceListVersions);
    return Object.fromEntries(rows.map((row) => [row.scope, row.version]));
  }

  test('a rename of anything a list row names shows at the next read of every list', async () => {
    await parties(); // kept now
    await parties(); // answered from what was kept

    await ctx.app.db.update(projects).set({ title: '改名した案件' }).where(eq(projects.id, w.projectId));
    await ctx.app.db.update(requests).set({ name: '改名した依頼' }).where(eq(requests.id, w.requestId));
    let [admin, stranger, office] = await parties();
    expect(admin).toEqual([expect.stringMatching(/^改名した案件 \/ 改名した依頼 \//)]);
    expect(office.filter((names) => names.startsWith('改名した案件 / 改名した依頼 /'))).toHaveLength(1);
    expect(stranger).toEqual([expect.stringMatching(/^個人の案件 \//)]);

    await ctx.app.db.update(firms).set({ name: '改名特許事務所' }).where(eq(firms.id, w.firmId));
    await ctx.app.db
      .update(organizations)
      .set({ name: '改名株式会社' })
      .where(eq(organizations.id, organizationId));
    await ctx.app.db.update(users).set({ name: '改名 太郎' }).where(eq(users.id, w.stranger.id));
    [admin, stranger, office] = await parties();
    expect(admin).toEqual(['改名した案件 / 改名した依頼 / 改名特許事務所 / 改名株式会社']);
    expect(stranger).toEqual([expect.stringMatching(/ \/ 改名特許事務所 \/ 改名 太郎$/)]);
    expect(office).toEqual(
      [
        '改名した案件 / 改名した依頼 / 改名特許事務所 / 改名株式会社',
        expect.stringMatching(/^個人の案件 \/ .* \/ 改名特許事務所 \/ 改名 太郎$/),
      ].sort(),
    );
  });

  test('a change no list shows leaves every version as it was', async () => {
    const before = await versions();
    const unbilled = await createMatter(ctx, w.admin, { title: '請求のない案件' });
    await ctx.app.db
      .update(projects)
      .set({ title: '請求のない案件（改）' })
      .where(eq(projects.id, unbilled.id));
    await ctx.app.db.update(projects).set({ family: '電池ファミリー' }).where(eq(projects.id, w.projectId));
    await ctx.app.db.update(users).set({ name: '無関係' }).where(eq(users.id, w.unassigned.id));
    expect(await versions()).toEqual(before);
  });

  test('a kept page goes out in the coding the browser accepts, the same page as sent plain', async () => {
    for (const feeYen of [30_000, 40_000, 60_000])
      await insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen });
    const read = (coding?: string) =>
      call(ctx, invoiceEndpoints.listInvoices, {
        namespace: 'patent',
        headers: { ...w.office.headers, ...(coding ? { 'accept-encoding': coding } : {}) },
        query: { view: 'unpaid' },
      });
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(invoiceListResponseSchema.parse(plain.json()).items).toHaveLength(5);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accepted, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      for (const round of ['made', 'kept']) {
        const coded = await read(accepted);
        expect(coded.statusCode, round).toBe(200);
        expect(coded.headers['content-encoding'], round).toBe(coding);
        expect(coded.headers['content-type'], round).toBe('application/json; charset=utf-8');
        expect(JSON.parse(decoders[coding](coded.rawPayload).toString('utf8')), round).toEqual(plain.json());
      }
    }
  });
});
