/**
 * The calendar feed through its secret URL: every deadline of /terms (any state) is one all-day
 * event with a stable UID, the revision as SEQUENCE, the reference and the deadline's name (never
 * the title), the state when decided; the text is the one ical-generator wrote (ics-reference.ts);
 * a revoked URL answers 404.
 */
import {
  deadlineListResponseSchema,
  productName,
  type DeadlineItem,
  deadlineEndpoints,
} from '@ipportal/domain';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { referenceIcs } from './ics-reference.js';
import { setDates } from './support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('the calendar feed', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let feedPath: string;
  let feedId: string;
  let patentId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signIn(ctx, 'REGULAR', 'feed-owner@example.com');
    const patent = await createMatter(ctx, owner, { refrenceCode: 'P-FEED-1', title: '秘密の発明' });
    patentId = patent.id;
    await setDates(ctx, owner, patentId, { application: { applicationDate: '2025-05-01' } });
    const trademark = await createMatter(ctx, owner, {
      type: 2,
      refrenceCode: 'T-FEED-1',
      title: '秘密の商標',
    });
    await setDates(ctx, owner, trademark.id, { registration: { registDate: '2020-03-10' } });
    const created = await call(ctx, deadlineEndpoints.createCalendarFeed, { as: owner, namespace: 'user' });
    expect(created.statusCode).toBe(201);
    const item = created.json<{ item: { id: string; url: string } }>().item;
    feedPath = new URL(item.url).pathname;
    feedId = item.id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const deadlines = async (): Promise<DeadlineItem[]> => {
    const response = await call(ctx, deadlineEndpoints.listDeadlines, {
      as: owner,
      namespace: 'user',
      query: { state: 'all', limit: 1000 },
    });
    return deadlineListResponseSchema.parse(response.json()).items;
  };
  const events = (text: string) =>
    Object.values(ical.sync.parseICS(text)).filter((entry): entry is VEvent => entry?.type === 'VEVENT');
  const summaryOf = (event: VEvent) =>
    typeof event.summary === 'string' ? event.summary : event.summary.val;

  test('one event per deadline, on its day, named by reference and deadline; done says so', async () => {
    const items = await deadlines();
    const exam = items.find((item) => item.key === 'jp.patent.examinationRequest')!;
    const done = await call(ctx, deadlineEndpoints.setDeadlineState, {
      as: owner,
      params: { projectId: patentId },
      body: { key: exam.key, state: 'done' },
    });
    expect(done.statusCode).toBe(200);
    const response = await ctx.app.inject({ url: feedPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const parsed = events(response.body);
    expect(parsed).toHaveLength(items.length);
    const examEvent = parsed.find((event) =>
      String(event.uid).startsWith(`${patentId}.jp.patent.examinationRequest@`),
    );
    expect(summaryOf(examEvent!)).toBe('P-FEED-1 審査請求期限 (完了)');
    expect((examEvent!.start as Date & { dateOnly?: boolean }).dateOnly).toBe(true);
    expect(response.body).toContain(`DTSTART;VALUE=DATE:${exam.date.replaceAll('-', '')}`);
    expect(response.body).not.toContain('秘密');
  });

  test('the text is what ical-generator wrote, DTSTAMP aside', async () => {
    const response = await ctx.app.inject({ url: feedPath });
    const items = (await deadlines()).sort(
      (a, b) =>
        a.date.localeCompare(b.date) || a.projectId.localeCompare(b.projectId) || a.key.localeCompare(b.key),
    );
    // No PUBLIC_URL in tests: links name the origin the caller used (inject's localhost:80).
    const origin = ctx.config.publicUrl ?? 'http://localhost:80';
    const expected = referenceIcs(
      items.map((item) => ({ ...item, revision: 0 })),
      {
        locale: 'ja',
        productName,
        host: new URL(origin).host,
        link: (item) => `${origin}/projects?project-id=${item.projectId}`,
      },
    );
    const withoutStamp = (text: string) => text.replace(/\r\nDTSTAMP:\d{8}T\d{6}Z/g, '');
    expect(withoutStamp(response.body)).toBe(withoutStamp(expected));
  });

  test('a revoked URL answers 404', async () => {
    const revoked = await call(ctx, deadlineEndpoints.revokeCalendarFeed, {
      as: owner,
      namespace: 'user',
      params: { feedId },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: feedPath })).statusCode).toBe(404);
  });
});
