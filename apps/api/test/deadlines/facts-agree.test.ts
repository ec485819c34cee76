/**
 * Every rule over a generated portfolio (the large-organization seed with the dates a real one
 * has: old registered rights, payments recorded): no deadline is open and overdue that the
 * matter's own recorded facts show was met or made moot.
 */
import { todayInJapan } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects } from '../../src/db/schema/index.js';
import { refreshDeadlines } from '../../src/repositories/deadlines/refresh.js';
import { seedDeadlineDates } from '../../src/seed/scale-deadline-dates.js';
import { seedLargeOrganization } from '../../src/seed/scale.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { signIn, type TestUser } from '../projects/support.js';
import { contradiction, factsOf } from './facts-agree.js';
import { allDeadlines } from './support.js';

describe.skipIf(skipDriver)('a generated portfolio’s deadlines agree with its facts', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let projectIds: string[];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'facts-admin@example.com');
    const { organizationId } = await seedLargeOrganization(ctx.app.db, {
      administratorUserId: admin.id,
      matters: 420,
      members: 2,
    });
    ctx.app.invalidatePrincipal(admin.id);
    await seedDeadlineDates(ctx.app.db, organizationId);
    projectIds = (
      await ctx.app.db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.organizationId, organizationId))
    ).map((row) => row.id);
    await refreshDeadlines(ctx.app.db, projectIds);
  }, 300_000);
  afterAll(async () => ctx?.close());

  test('no overdue deadline is one the matter’s facts contradict', async () => {
    const today = todayInJapan();
    const items = await allDeadlines(ctx, admin, { limit: '1000' });
    const facts = await factsOf(ctx.app.db, projectIds);
    const overdue = items.filter((item) => item.date < today);
    // The portfolio has overdue deadlines at all (else this proves nothing): PCT entries nobody recorded.
    expect(overdue.length).toBeGreaterThan(0);
    const contradicted = overdue.flatMap((item) => {
      const why = contradiction(item, facts.get(item.projectId), today);
      return why ? [`${item.refrenceCode} ${item.key} ${item.date}: ${why}`] : [];
    });
    expect(contradicted).toEqual([]);
  });
});
