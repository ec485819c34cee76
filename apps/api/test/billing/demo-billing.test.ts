import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deals, invoiceItems, invoices, projects, requests } from '../../src/db/schema/index.js';
import { portalLinkFromConfig } from '../../src/http/portal-link.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { seedDemoBilling } from '../../src/seed/demo-billing.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';

describe.skipIf(skipDriver)('demo billing seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  test('the demo office gets one sent estimate and one issued unpaid invoice, once', async () => {
    await seedDemo(ctx.app.db);
    const deps = {
      db: ctx.app.db,
      storage: ctx.app.storage,
      jobs: ctx.app.jobs,
      queue: mailQueueOf(ctx.app.jobs),
      bus: ctx.app.bus,
      link: (path: string) => portalLinkFromConfig(ctx.config, path),
      requestTimeoutMs: ctx.config.timeouts.requestMs,
    };
    expect(await seedDemoBilling(deps)).toBe(true);
    expect(await seedDemoBilling(deps)).toBe(false);
    const dealRows = await ctx.app.db.select().from(deals);
    expect(dealRows.map((d) => d.status)).toEqual(['sent']);
    const invoiceRows = await ctx.app.db.select().from(invoices);
    expect(invoiceRows.map((i) => [i.status, i.pdfFileId !== null])).toEqual([['issued', true]]);
    expect(invoiceRows[0]?.number).toMatch(/^INV\d{4}-0001$/);
    // The invoice bills what its request was for: the office action on the US trademark, not a
    // JP examination request.
    const [billed] = await ctx.app.db
      .select({ code: projects.refrenceCode, request: requests.name })
      .from(invoices)
      .innerJoin(requests, eq(requests.id, invoices.requestId))
      .innerJoin(projects, eq(projects.id, requests.projectId))
      .where(eq(invoices.id, invoiceRows[0]!.id));
    expect(billed).toEqual({
      code: 'T-2024-002',
      request: 'Office action response (likelihood of confusion)',
    });
    const lines = await ctx.app.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoiceRows[0]!.id));
    expect(lines.map((line) => line.description).join(' ')).not.toMatch(/審査請求/);
    expect(lines.map((line) => line.description).join(' ')).toMatch(/Office Action/);
    const [deal] = await ctx.app.db.select().from(deals).where(eq(deals.id, dealRows[0]!.id));
    expect(deal?.issuerSnapshot).toMatchObject({ qualifiedInvoiceNumber: 'T1010001012345' });
  });
});
