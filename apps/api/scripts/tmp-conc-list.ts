import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/index.js';
import { users } from '../src/db/schema/index.js';
import { listInvoices } from '../src/repositories/billing/invoice-list.js';
import { loadOrCreatePrincipal } from '../src/repositories/users.js';
import { benchClientEmail } from './bench-invoices-people.js';
const cfg = loadConfig();
const handle = await openDatabase(cfg.database);
const db: Database = handle.db;
const [user] = await db.select().from(users).where(eq(users.email, benchClientEmail));
const p = await loadOrCreatePrincipal(db, 'REGULAR', { sub: user!.identitySub, email: benchClientEmail });
const q = { view: 'unpaid', sort: 'dueDate', order: 'desc', offset: 0, limit: 100 } as const;
for (let i = 0; i < 30; i++) await listInvoices(db, p, q);
for (const conc of [1, 4, 16, 50]) {
  const n = 200; let done = 0;
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (done < n) { done++; await listInvoices(db, p, q); } }));
  const c = process.cpuUsage(c0); const el = performance.now() - t0;
  console.log(`conc ${conc}: ${(n / el * 1000).toFixed(0)} calls/s, cpu ms/call ${((c.user + c.system) / 1000 / n).toFixed(2)}`);
}
console.log(JSON.stringify((cfg.database as any).poolMax ?? cfg.database), 'load', (await import('node:os')).loadavg());
await handle.close();
