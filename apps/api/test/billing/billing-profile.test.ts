import { billingProfileEndpoints, billingProfileResponseSchema } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { signIn } from '../projects/support.js';
import { insertFirm, officeUser } from '../requests/requests-fixtures.js';

describe.skipIf(skipDriver)('billing profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  test('an office reads and saves its billing details; the registration number is T and 13 digits', async () => {
    const firmId = await insertFirm(ctx, 'Profile Firm');
    const staff = await officeUser(ctx, 'staff@profile.example', firmId);
    const empty = await call(ctx, billingProfileEndpoints.getBillingProfile, { headers: staff.headers });
    expect(billingProfileResponseSchema.parse(empty.json()).item).toEqual({
      qualifiedInvoiceNumber: null,
      individual: false,
      bankAccount: null,
      invoiceNotes: null,
    });
    const bad = await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      headers: staff.headers,
      body: { qualifiedInvoiceNumber: 'T123', individual: false, bankAccount: null, invoiceNotes: null },
    });
    expect(bad.statusCode).toBe(400);
    const extra = await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      as: staff,
      payload: {
        qualifiedInvoiceNumber: null,
        individual: false,
        bankAccount: null,
        invoiceNotes: null,
        name: 'x',
      },
    });
    expect(extra.statusCode).toBe(400);
    const saved = await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      headers: staff.headers,
      body: {
        qualifiedInvoiceNumber: 'T-1234-5678-90123',
        individual: true,
        bankAccount: '  三井住友銀行 本店 普通 7654321  ',
        invoiceNotes: '',
      },
    });
    expect(billingProfileResponseSchema.parse(saved.json()).item).toEqual({
      qualifiedInvoiceNumber: 'T1234567890123',
      individual: true,
      bankAccount: '三井住友銀行 本店 普通 7654321',
      invoiceNotes: null,
    });
    const entries = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.entityId, firmId), eq(history.action, 'firm.update')));
    expect(entries).toHaveLength(1);
  });

  test('a PATENT user without an office gets 404 (noFirm); clients have no such route', async () => {
    const lone = await signIn(ctx, 'PATENT', 'lone@example.com');
    const get = await call(ctx, billingProfileEndpoints.getBillingProfile, { headers: lone.headers });
    const put = await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      headers: lone.headers,
      body: { qualifiedInvoiceNumber: null, individual: false, bankAccount: null, invoiceNotes: null },
    });
    expect([get.statusCode, put.statusCode]).toEqual([404, 404]);
    const client = await signIn(ctx, 'REGULAR', 'client@example.com');
    // Written out on purpose: the path pins that /user publishes no billing profile.
    const asClient = await ctx.app.inject({ url: '/user/firm/billing-profile', headers: client.headers });
    expect(asClient.statusCode).toBe(404);
  });
});
