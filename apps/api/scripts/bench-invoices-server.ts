/**
 * Server side of bench/api-invoices.ts (not part of the app). Modes:
 *   seed <invoices> - the bench user administers an organization of matters (src/seed/scale.ts)
 *                     billed by three offices: N issued invoices (totals by the domain's
 *                     computeTotals, numbers, issue and due dates over two years), inserted
 *                     directly as issued rows (the freeze triggers guard updates and deletes, not
 *                     inserts; the list reads no lines, so none are written), a tenth of them paid
 *                     in full (status 'paid'), others partly paid by confirmed or recorded payments,
 *                     so balances differ
 *   api             - the real app (buildApp + embedded identity) on a free port, HTTP only
 *                     (PROCESS_ROLE=api from the driver)
 *   bare            - a bare Fastify handler running the same SQL as GET /user/invoices (listInvoices)
 * A database that already holds the bench user is only migrated (a kept database is reused).
 * createdb/dropdb come from bench-list-server.ts; the in-process timing from bench-invoices-timing.ts. Prints one line `READY {...}` when done or
 * listening. Settings come from the environment through loadConfig, like the server itself.
 */
import { computeTotals, defaultDueDate } from '@ipportal/domain';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrateDatabase, openDatabase, type Database, type Executor } from '../src/db/index.js';
import {
  firms,
  invoices,
  paymentAllocations,
  payments,
  projects,
  requests,
  users,
} from '../src/db/schema/index.js';
import { createIdentityUser, identityForApp } from '../src/identity/index.js';
import { listInvoices, type InvoiceListQuery } from '../src/repositories/billing/invoice-list.js';
import { loadOrCreatePrincipal } from '../src/repositories/users.js';
import { seedLargeOrganization } from '../src/seed/scale.js';
import { benchClientEmail, benchOfficeEmail, benchPassword } from './bench-invoices-people.js';

const email = benchClientEmail;
const officeEmail = benchOfficeEmail;
const password = benchPassword;
const mode = process.argv[2];
const config = loadConfig();
/** Matters of the organization the invoices are spread over (a few invoices each). */
const matters = 1_000;
const batch = 500;

function ready(info: Record<string, unknown>): void {
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);
}

async function scalar(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await db.execute(query);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
  return Number(rows[0]?.n ?? 0);
}

/** A day `days` after 2024-12-01, as YYYY-MM-DD. */
function dayAfterStart(days: number): string {
  return new Date(Date.UTC(2024, 11, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

async function seed(count: number): Promise<void> {
  const handle = await openDatabase(config.database);
  await migrateDatabase(handle, config.database);
  const db: Database = handle.db;
  const [seededBefore] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (seededBefore) {
    // A database kept from an earlier run (BENCH_PG_DATABASE, BENCH_PGLITE_DIR): migrated above, reused.
    const stored = await scalar(db, sql`select count(*) as n from invoices where status <> 'draft'`);
    const paidInFull = await scalar(db, sql`select count(*) as n from invoices where status = 'paid'`);
    const partlyPaid = await scalar(
      db,
      sql`select count(*) as n from invoices where status = 'issued' and paid_amount + pending_amount > 0`,
    );
    await handle.close();
    ready({
      matters,
      invoices: stored,
      paid: paidInFull,
      partly: partlyPaid,
      offices: 3,
      seconds: 0,
      reused: true,
    });
    return;
  }
  const { sub } = await createIdentityUser(db, config, {
    userType: 'REGULAR',
    email,
    password,
    attributes: { name: 'Bench Invoices' },
  });
  const [user] = await db
    .insert(users)
    .values({ userType: 'REGULAR', identitySub: sub, email, name: 'Bench Invoices' })
    .returning();
  const started = performance.now();
  const seeded = await seedLargeOrganization(db, {
    administratorUserId: user!.id,
    matters,
    members: 5,
    organizationName: 'Bench Invoices Co.',
  });
  const others = await db
    .insert(firms)
    .values([
      { name: '請求特許事務所 東京', officeType: 'patentAttorney', regionCode: 1 },
      { name: '請求特許事務所 大阪', officeType: 'patentAttorney', regionCode: 1 },
    ])
    .returning({ id: firms.id });
  const firmIds = [seeded.firmId, ...others.map((f) => f.id)];
  const office = await createIdentityUser(db, config, {
    userType: 'PATENT',
    email: officeEmail,
    password,
    attributes: { name: 'Bench Office' },
  });
  await db.insert(users).values({
    userType: 'PATENT',
    identitySub: office.sub,
    email: officeEmail,
    name: 'Bench Office',
    firmId: seeded.firmId,
  });
  const targets = await db
    .select({ requestId: requests.id, projectId: requests.projectId })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .where(eq(projects.organizationId, seeded.organizationId))
    .orderBy(requests.id);
  if (targets.length === 0) throw new Error('the organization has no requests');

  const numbers = firmIds.map(() => 0);
  let paid = 0;
  let partly = 0;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    const plans: { share: number; status: 'confirmed' | 'recorded'; firmId: string }[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const target = targets[i % targets.length]!;
      const firmIndex = i % firmIds.length;
      const firmId = firmIds[firmIndex]!;
      const totals = computeTotals(
        [
          {
            description: '弁理士手数料',
            quantity: '1',
            unitPrice: String(30_000 + (i % 47) * 5_000),
            taxClass: 'taxable10',
            currency: 'JPY',
            exchangeRate: null,
          },
          {
            description: '特許庁費用',
            quantity: '1',
            unitPrice: String(((i % 5) + 1) * 4_300),
            taxClass: 'nonTaxable',
            currency: 'JPY',
            exchangeRate: null,
          },
        ],
        { withholding: false },
      );
      const issueDate = dayAfterStart((i * 7) % 720);
      numbers[firmIndex]! += 1;
      // A tenth paid in full, a fifth partly paid (confirmed), a seventh with a recorded transfer.
      const status = i % 10 === 0 ? 'paid' : 'issued';
      const share = i % 10 === 0 ? 1 : i % 5 === 1 ? 0.5 : i % 7 === 2 ? 0.3 : 0;
      plans.push({ share, status: i % 7 === 2 ? 'recorded' : 'confirmed', firmId });
      rows.push({
        projectId: target.projectId,
        requestId: target.requestId,
        firmId,
        billedOrganizationId: seeded.organizationId,
        billedUserId: null,
        number: `INV${firmIndex + 1}-${String(numbers[firmIndex]).padStart(5, '0')}`,
        status,
        issueDate,
        transactionDate: issueDate,
        dueDate: defaultDueDate(issueDate),
        subtotal: totals.subtotal,
        tax: totals.tax,
        total: totals.total,
        withholdingBase: totals.withholdingBase,
        withholding: totals.withholding,
        amountToTransfer: totals.amountToTransfer,
        byTaxClass: totals.byTaxClass,
        issuedAt: new Date(`${issueDate}T01:00:00Z`),
        paidAt: status === 'paid' ? new Date(`${issueDate}T05:00:00Z`) : null,
      } satisfies typeof invoices.$inferInsert);
    }
    const inserted = await db
      .insert(invoices)
      .values(rows)
      .returning({ id: invoices.id, amountToTransfer: invoices.amountToTransfer, paidDay: invoices.dueDate });
    const allocations = inserted.flatMap((invoice, k) => {
      const plan = plans[k]!;
      const amount = Math.floor(invoice.amountToTransfer * plan.share);
      return amount > 0 ? [{ invoice, plan, amount }] : [];
    });
    if (allocations.length === 0) continue;
    const made = await db
      .insert(payments)
      .values(
        allocations.map(({ invoice, plan, amount }) => ({
          firmId: plan.firmId,
          billedOrganizationId: seeded.organizationId,
          recordedBySide: 'client' as const,
          status: plan.status,
          paidOn: invoice.paidDay!,
          amount,
          remitterName: 'ベンチ カブシキガイシャ',
        })),
      )
      .returning({ id: payments.id });
    await db.insert(paymentAllocations).values(
      allocations.map(({ invoice, amount }, k) => ({
        paymentId: made[k]!.id,
        invoiceId: invoice.id,
        amount,
      })),
    );
    paid += allocations.filter((a) => a.plan.share === 1).length;
    partly += allocations.filter((a) => a.plan.share < 1).length;
  }
  // Statistics for the planner before either server runs (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;
  const stored = await scalar(
    db,
    sql`select count(*) as n from invoices where billed_organization_id = ${seeded.organizationId}`,
  );
  // Closed before READY: the PGlite folder is complete when the driver copies it.
  await handle.close();
  ready({ matters: seeded.matters, invoices: stored, paid, partly, offices: firmIds.length, seconds });
}

async function api(): Promise<void> {
  const identity = identityForApp(config);
  const app = await buildApp(config, { verifier: identity.verifier, routes: identity.routes });
  await app.ready();
  const signInAs = async (userType: 'REGULAR' | 'PATENT', username: string) => {
    const pool = userType === 'REGULAR' ? config.identity.regular : config.identity.patent;
    const login = await app.inject({
      method: 'POST',
      url: pool.embeddedPath,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    });
    const idToken = login.json<{ AuthenticationResult?: { IdToken?: string } }>().AuthenticationResult
      ?.IdToken;
    if (!idToken) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`);
    return idToken;
  };
  const token = await signInAs('REGULAR', email);
  const officeToken = await signInAs('PATENT', officeEmail);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  ready({ port: typeof address === 'object' && address ? address.port : 0, token, officeToken });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Only what the unpaid list needs: its query by hand, the repository's SQL, stringify. */
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
  app.get('/user/invoices', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const query: InvoiceListQuery = {
      view: (q.view ?? 'unpaid') as InvoiceListQuery['view'],
      sort: (q.sort ?? 'dueDate') as InvoiceListQuery['sort'],
      order: (q.order ?? 'desc') as InvoiceListQuery['order'],
      offset: Number(q.offset ?? 0),
      limit: Number(q.limit ?? 100),
    };
    const page = await listInvoices(db, principal, query);
    return reply.type('application/json').send(JSON.stringify({ hasError: false, message: '', ...page }));
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

const arg = (i: number) => process.argv[i] ?? '';
const run =
  mode === 'seed'
    ? seed(Number(arg(3) || 5_000))
    : mode === 'api'
      ? api()
      : mode === 'bare'
        ? bare()
        : Promise.reject(new Error(`unknown mode ${mode}`));
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
