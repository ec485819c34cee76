import { isRefused, todayInJapan, type LineInput } from '@ipportal/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { deals, firms, invoices, organizationMembers, requests, users } from '../db/schema/index.js';
import type { Jobs } from '../jobs/index.js';
import type { Publisher } from '../events/index.js';
import type { MailQueue } from '../mail/index.js';
import { updateBillingProfile } from '../repositories/billing/billing-profile.js';
import type { ActorContext } from '../repositories/users.js';
import type { Storage } from '../storage/types.js';
import { createEstimate } from '../use-cases/draft-estimate.js';
import { createInvoice } from '../use-cases/draft-invoice.js';
import { issueInvoice } from '../use-cases/issue-invoice.js';
import { sendEstimate } from '../use-cases/send-estimate.js';
import { demoFirm, demoPatentUser } from './demo-data.js';

export interface DemoBillingDeps {
  db: Executor;
  storage: Pick<Storage, 'put' | 'driver'>;
  jobs: Pick<Jobs, 'enqueue'>;
  queue: MailQueue;
  /** Open screens hear of the seeded documents as of any others. */
  bus: Publisher;
  link: (path: string) => string;
  requestTimeoutMs: number;
}

const fee = (description: string, unitPrice: string): LineInput => ({
  description,
  quantity: '1',
  unitPrice,
  taxClass: 'taxable10',
  currency: 'JPY',
  exchangeRate: null,
});

/**
 * The demo office's billing, through the same repositories and use cases as the API (numbers,
 * snapshots, the stored PDF and history as in real use; mails go to `queue`, which start-up
 * makes a no-op): its billing details, one sent
 * estimate on the first request still awaiting the office, and one issued, unpaid invoice on an
 * accepted request. Idempotent: an office that has any estimate or invoice is left alone.
 */
export async function seedDemoBilling(deps: DemoBillingDeps): Promise<boolean> {
  const [firm] = await deps.db.select().from(firms).where(eq(firms.email, demoFirm.email)).limit(1);
  const [office] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.email, demoPatentUser.email), eq(users.userType, 'PATENT')))
    .limit(1);
  if (!firm || !office) return false;
  const [dealCount] = await deps.db.select({ n: count() }).from(deals).where(eq(deals.firmId, firm.id));
  const [invoiceCount] = await deps.db
    .select({ n: count() })
    .from(invoices)
    .where(eq(invoices.firmId, firm.id));
  if ((dealCount?.n ?? 0) > 0 || (invoiceCount?.n ?? 0) > 0) return false;
  const demoRequests = await deps.db
    .select()
    .from(requests)
    .where(eq(requests.firmId, firm.id))
    .orderBy(asc(requests.createdAt));
  const awaiting = demoRequests.find((r) => r.status === 1 && !r.declinedAt) ?? demoRequests[0];
  const accepted = demoRequests.find((r) => r.status !== 1) ?? demoRequests[0];
  if (!awaiting || !accepted) return false;

  const [membership] = await deps.db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, office.id))
    .limit(1);
  const principal: Principal = {
    userId: office.id,
    userType: 'PATENT',
    sub: office.identitySub,
    email: office.email,
    organizationId: membership?.organizationId ?? null,
    roleInOrganizationCode: null,
    firmId: firm.id,
    locale: office.locale,
  };
  const actor: ActorContext = { userId: office.id, traceId: 'seed-demo-billing', ip: '127.0.0.1' };
  if (!firm.bankAccount) {
    await updateBillingProfile(
      deps.db,
      principal,
      {
        qualifiedInvoiceNumber: 'T1010001012345',
        individual: false,
        bankAccount: 'さくら銀行 丸の内支店 普通 1234567 サクラコクサイトッキョジムショ',
        invoiceNotes: 'お振込手数料はご負担くださいますようお願いいたします。',
      },
      actor,
    );
  }

  const deal = await createEstimate(deps, {
    principal,
    actor,
    params: { projectId: awaiting.projectId, requestId: awaiting.number },
    body: {
      title: awaiting.name,
      validUntil: null,
      notes: '特許庁費用は出願時点の料金表によります。',
      lines: [
        fee('明細書作成手数料', '300000'),
        fee('図面作成（5図）', '50000'),
        { ...fee('出願料（印紙代）', '14000'), taxClass: 'nonTaxable' },
      ],
    },
  });
  if (isRefused(deal)) throw new Error(`demo estimate: ${deal.refused}`);
  const sent = await sendEstimate(deps, {
    principal,
    actor,
    params: { projectId: awaiting.projectId, requestId: awaiting.number, dealId: deal.id },
  });
  if (isRefused(sent)) throw new Error(`demo estimate send: ${sent.refused}`);

  const draft = await createInvoice(deps, {
    principal,
    actor,
    params: { projectId: accepted.projectId, requestId: accepted.number },
    body: {
      kind: 'invoice',
      transactionDate: todayInJapan(),
      dueDate: null,
      notes: null,
      // The accepted request is the office action response on the US trademark SAMPLETECH:
      // the office's fee for the response, and the US attorney's charge it advanced (立替金).
      lines: [
        fee('米国商標 拒絶理由（Office Action）応答 意見書作成手数料', '60000'),
        { ...fee('米国代理人費用（立替金）', '96000'), taxClass: 'outOfScope' },
      ],
    },
  });
  if (isRefused(draft)) throw new Error(`demo invoice: ${draft.refused}`);
  const issued = await issueInvoice(deps, { principal, actor, invoiceId: draft.id });
  if (isRefused(issued)) throw new Error(`demo invoice issue: ${issued.refused}`);
  return true;
}
