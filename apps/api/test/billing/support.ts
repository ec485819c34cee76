import { billingProfileEndpoints, type BillingLineInput } from '@ipportal/domain';
import { asc, count } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/index.js';
import {
  billingCounters,
  dealItems,
  deals,
  files,
  history,
  invoiceItems,
  invoices,
  mailOutbox,
  requests,
} from '../../src/db/schema/index.js';
import type { TestContext } from '../support/app.js';
import { call } from '../support/endpoints.js';
import { createMatter, createOrganization, signIn, type TestUser } from '../projects/support.js';
import { insertFirm, officeUser, sendRequest } from '../requests/requests-fixtures.js';

/** The people of the authorization matrix, and one request addressed to `firm`'s office. */
export interface BillingWorld {
  u: Record<'owner' | 'admin' | 'member' | 'stranger' | 'firm' | 'otherFirm', TestUser>;
  firmId: string;
  otherFirmId: string;
  organizationId: string;
  projectId: string;
  requestNo: number;
  requestId: string;
}

export const who = ['owner', 'admin', 'member', 'stranger', 'firm', 'otherFirm'] as const;
export type Who = (typeof who)[number];
export const nsOf = (user: Who) => (user === 'firm' || user === 'otherFirm' ? 'patent' : 'user');
/** Who sees the request's documents: its matter's owner, the organization's administrator, the office. */
export const sees: Record<Who, boolean> = {
  owner: true,
  admin: true,
  member: false,
  stranger: false,
  firm: true,
  otherFirm: false,
};

export const bankAccount = 'みずほ銀行 丸の内支店 普通 1234567 ヤマダトッキョジムショ';

export async function createBillingWorld(ctx: TestContext): Promise<BillingWorld> {
  const owner = await signIn(ctx, 'REGULAR', 'owner@corp.example');
  const admin = await signIn(ctx, 'REGULAR', 'admin@corp.example');
  const member = await signIn(ctx, 'REGULAR', 'member@corp.example', { locale: 'en' });
  const stranger = await signIn(ctx, 'REGULAR', 'stranger@other.example');
  const organizationId = await createOrganization(ctx, [
    { user: admin, role: 0 },
    { user: owner, role: 1 },
    { user: member, role: 1 },
  ]);
  const firmId = await insertFirm(ctx, 'Yamada Patent');
  const otherFirmId = await insertFirm(ctx, 'Other Patent');
  const firm = await officeUser(ctx, 'staff@yamada.example', firmId);
  const otherFirm = await officeUser(ctx, 'staff@other.example', otherFirmId);
  const projectId = (await createMatter(ctx, owner, { refrenceCode: 'P-BILL-1' })).id;
  const request = await sendRequest(ctx, owner, projectId, firmId);
  for (const [user, qualifiedInvoiceNumber] of [
    [firm, 'T1234567890123'],
    [otherFirm, 'T9876543210987'],
  ] as const) {
    const saved = await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      headers: user.headers,
      body: {
        qualifiedInvoiceNumber,
        individual: false,
        bankAccount,
        invoiceNotes: '振込手数料はご負担ください',
      },
    });
    if (saved.statusCode !== 200) throw new Error(`billing profile: ${saved.statusCode} ${saved.body}`);
  }
  return {
    u: { owner, admin, member, stranger, firm, otherFirm },
    firmId,
    otherFirmId,
    organizationId,
    projectId,
    requestNo: request.requestId,
    requestId: request.id,
  };
}

/** Fees at 10%, an official fee and a foreign agent's bill in USD. */
export const sampleLines: BillingLineInput[] = [
  {
    description: '出願手数料',
    quantity: '1',
    unitPrice: '150000',
    taxClass: 'taxable10',
    currency: 'JPY',
    exchangeRate: null,
  },
  {
    description: '出願印紙代',
    quantity: '1',
    unitPrice: '14000',
    taxClass: 'nonTaxable',
    currency: 'JPY',
    exchangeRate: null,
  },
  {
    description: 'US agent fee',
    quantity: '2',
    unitPrice: '500.25',
    taxClass: 'outOfScope',
    currency: 'USD',
    exchangeRate: '150.5',
  },
];

/** Every billing table, the requests and the history length, digested: a refused call changes none. */
export async function snapshotBilling(db: Database): Promise<string> {
  const [d, di, i, ii, c, f, r, h, m] = await Promise.all([
    db.select().from(deals).orderBy(asc(deals.id)),
    db.select().from(dealItems).orderBy(asc(dealItems.id)),
    db.select().from(invoices).orderBy(asc(invoices.id)),
    db.select().from(invoiceItems).orderBy(asc(invoiceItems.id)),
    db.select().from(billingCounters),
    db.select({ n: count() }).from(files),
    db.select().from(requests).orderBy(asc(requests.id)),
    db.select({ n: count() }).from(history),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  const digest = createHash('sha256')
    .update(JSON.stringify({ d, di, i, ii, c, r }))
    .digest('hex')
    .slice(0, 16);
  return `deals=${d.length} invoices=${i.length} files=${f[0]?.n} history=${h[0]?.n} mails=${m[0]?.n} ${digest}`;
}
