/**
 * Deadlines the matter's own recorded facts close: a registration proves the examination
 * request, a recorded request closes it on its date, a national phase closes the PCT
 * application's entry deadline. Such a deadline is `closed` with the fact and its date (never
 * open, never a person's done), in /terms, the calendar feed and the reminders alike, and opens
 * again when the fact is taken back.
 */
import { randomUUID } from 'node:crypto';
import { RegionCode, type DeadlineItem, deadlineEndpoints } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadlines, projects } from '../../src/db/schema/index.js';
import { withPctApplications } from '../../src/repositories/deadlines/national-phase.js';
import { refreshDeadlines } from '../../src/repositories/deadlines/refresh.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { allDeadlines, setDates } from './support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('deadlines closed by later facts', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let patentId: string;
  let pctId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signIn(ctx, 'REGULAR', 'closed-owner@example.com');
    // 特許第7234567号: filed 2021-06-15, registered 2023-05-10. Its examination request was due
    // 2024-06-17 (2024-06-15 is a Saturday).
    const patent = await createMatter(ctx, owner, { refrenceCode: 'P-CLOSED-1', title: '放熱構造' });
    patentId = patent.id;
    await setDates(ctx, owner, patentId, {
      application: { applicationDate: '2021-06-15' },
      registration: { registDate: '2023-05-10' },
    });
  }, 120_000);
  afterAll(async () => ctx?.close());

  const examOf = (items: DeadlineItem[]) =>
    items.find((item) => item.projectId === patentId && item.key === 'jp.patent.examinationRequest');

  test('a registered patent’s examination request is closed by the registration: not open, not overdue, not a person’s done', async () => {
    expect(examOf(await allDeadlines(ctx, owner))).toBeUndefined();
    const exam = examOf(await allDeadlines(ctx, owner, { state: 'all' }));
    expect(exam).toMatchObject({
      date: '2024-06-17',
      state: 'closed',
      closedBy: { how: 'implied', fact: 'registration', date: '2023-05-10' },
      stateBy: null,
      stateAt: null,
    });
    expect(examOf(await allDeadlines(ctx, owner, { state: 'closed' }))?.key).toBe(
      'jp.patent.examinationRequest',
    );
    expect(examOf(await allDeadlines(ctx, owner, { state: 'done' }))).toBeUndefined();
  });

  test('a recorded examination request closes it as done on its date; taking the facts back opens it again', async () => {
    await setDates(ctx, owner, patentId, { application: { examRequestDate: '2022-01-20' } });
    expect(examOf(await allDeadlines(ctx, owner, { state: 'all' }))?.closedBy).toEqual({
      how: 'done',
      fact: 'examinationRequest',
      date: '2022-01-20',
    });
    const [before] = await ctx.app.db
      .select({ revision: deadlines.revision })
      .from(deadlines)
      .where(and(eq(deadlines.projectId, patentId), eq(deadlines.key, 'jp.patent.examinationRequest')));
    await setDates(ctx, owner, patentId, {
      application: { examRequestDate: null },
      registration: { registDate: null },
    });
    const exam = examOf(await allDeadlines(ctx, owner));
    expect(exam).toMatchObject({ state: 'open', closedBy: null });
    // The calendar's summary changes, so its SEQUENCE rises.
    const [after] = await ctx.app.db
      .select({ revision: deadlines.revision })
      .from(deadlines)
      .where(and(eq(deadlines.projectId, patentId), eq(deadlines.key, 'jp.patent.examinationRequest')));
    expect(after!.revision).toBeGreaterThan(before!.revision);
    await setDates(ctx, owner, patentId, { registration: { registDate: '2023-05-10' } });
  });

  test('the calendar feed names the fact that closed it', async () => {
    const created = await call(ctx, deadlineEndpoints.createCalendarFeed, { as: owner, namespace: 'user' });
    expect(created.statusCode).toBe(201);
    const feed = await ctx.app.inject({
      url: new URL(created.json<{ item: { url: string } }>().item.url).pathname,
    });
    const summaries = Object.values(ical.sync.parseICS(feed.body))
      .filter((entry): entry is VEvent => entry?.type === 'VEVENT')
      .map((event) => (typeof event.summary === 'string' ? event.summary : event.summary.val));
    expect(summaries).toContain('P-CLOSED-1 審査請求期限 (登録（2023/05/10）により完了)');
  });

  test('a PCT application’s entry deadlines close when a national phase is recorded, and follow that matter’s dates', async () => {
    const pct = await createMatter(ctx, owner, {
      refrenceCode: 'P-CLOSED-PCT',
      title: 'PCT',
      regionCode: RegionCode.Pct,
    });
    pctId = pct.id;
    await setDates(ctx, owner, pctId, {
      international: { applicationNumber: 'PCT/JP2025/001234', applicationDate: '2025-01-29' },
      priorityClaims: [
        {
          regionCode: RegionCode.Japan,
          baseApplicationNumber: '特願2024-012345',
          baseApplicationDate: '2024-01-30',
          accessCode: null,
        },
      ],
    });
    const pctOpen = (await allDeadlines(ctx, owner)).filter((item) => item.projectId === pctId);
    expect(pctOpen.map((item) => item.key).sort()).toEqual([
      'pct.article19Amendment',
      'pct.chapterIIDemand',
      'pct.nationalPhaseEntry',
      'pct.nationalPhaseEntryEp',
    ]);
    // The US national phase: its own matter, naming the PCT application (written with spaces).
    const us = await createMatter(ctx, owner, {
      refrenceCode: 'P-CLOSED-US',
      title: 'US',
      regionCode: RegionCode.UnitedStates,
    });
    await setDates(ctx, owner, us.id, {
      application: { applicationDate: '2026-07-24' },
      international: { applicationNumber: 'PCT/JP2025/ 001234', applicationDate: '2025-01-29' },
    });
    const byKey = async () =>
      new Map(
        (await allDeadlines(ctx, owner, { state: 'all' }))
          .filter((item) => item.projectId === pctId)
          .map((item) => [item.key, item]),
      );
    let pctAll = await byKey();
    expect(pctAll.get('pct.nationalPhaseEntry')).toMatchObject({
      state: 'closed',
      closedBy: { how: 'done', fact: 'nationalEntry', date: '2026-07-24' },
    });
    expect(pctAll.get('pct.article19Amendment')?.closedBy?.how).toBe('notApplicable');
    // The EPO's 31 months stay open until the European phase is recorded.
    expect(pctAll.get('pct.nationalPhaseEntryEp')).toMatchObject({ state: 'open', closedBy: null });
    // A corrected filing date at the national office reaches the PCT matter.
    await setDates(ctx, owner, us.id, { application: { applicationDate: '2026-07-27' } });
    pctAll = await byKey();
    expect(pctAll.get('pct.nationalPhaseEntry')?.closedBy?.date).toBe('2026-07-27');
  });

  test('a start-up refresh closes deadlines stored before the facts were read', async () => {
    await ctx.app.db
      .update(deadlines)
      .set({ closedHow: null, closedFact: null, closedOn: null })
      .where(eq(deadlines.projectId, patentId));
    expect(examOf(await allDeadlines(ctx, owner))?.state).toBe('open');
    await refreshDeadlines(ctx.app.db, [patentId, pctId]);
    expect(examOf(await allDeadlines(ctx, owner))).toBeUndefined();
  });

  test('a refresh of more matters than one statement can name still finds the PCT application a phase entered from', async () => {
    // A start-up refresh names every matter; 70,000 ids are more parameters than a statement may carry.
    const [phase] = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.refrenceCode, 'P-CLOSED-US'));
    const others = Array.from({ length: 70_000 }, () => randomUUID());
    const ids = await withPctApplications(ctx.app.db, [...others, phase!.id]);
    expect(ids).toHaveLength(70_002);
    expect(ids).toContain(pctId);
  });
});
