import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/index.js';
import { history, projects, users } from '../../src/db/schema/index.js';

/** Everything a bad request must leave untouched, to compare before and after. */
export async function snapshot(db: Database): Promise<string> {
  const [projectRows, userRows, historyCount] = await Promise.all([
    db.select().from(projects).orderBy(asc(projects.id)),
    db.select().from(users).orderBy(asc(users.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(history),
  ]);
  const digest = createHash('sha256')
    .update(JSON.stringify({ projectRows, userRows }))
    .digest('hex')
    .slice(0, 16);
  return `projects=${projectRows.length} users=${userRows.length} history=${historyCount[0]?.n} content=${digest}`;
}
