import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/index.js';
import { users } from '../src/db/schema/index.js';
import { listInvoices } from '../src/repositories/billing/invoices.js';
import { loadOrCreatePrincipal } from '../src/repositories/users.js';
import { loadConfig } from '../src/config.js';

const config = loadConfig();
const handle = await openDatabase(config.database);
const db = handle.db;
async function principalOf(userType: 'REGULAR' | 'PATENT', email: string) {
  const [user] = await db.select().from(users).where(and(eq(users.userType, userType), eq(users.email, email)));
  return loadOrCreatePrincipal(db, userType, { sub: user!.identitySub, email });
}
const client = await principalOf('REGULAR', 'bench-invoices@example.com');
const office = await principalOf('PATENT', 'bench-invoices-office@example.com');
for (const [name, principal, view] of [
  ['client unpaid', client, 'unpaid'],
  ['client overdue', client, 'overdue'],
  ['client paid', client, 'paid'],
  ['office unpaid', office, 'unpaid'],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    await listInvoices(db, principal, { view, sort: 'dueDate', order: 'desc', offset: 0, limit: 100 });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(16), 'median', times[6]!.toFixed(1), 'ms  min', times[0]!.toFixed(1));
}
await handle.close();
