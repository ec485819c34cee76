import { isRefused, type RequestHistoryEntry } from '@ipportal/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  firms,
  history,
  organizationMembers,
  projects,
  requestMails,
  users,
} from '../../src/db/schema/index.js';
import { listDirectory, toFirm } from '../../src/repositories/firms.js';
import { listProjects } from '../../src/repositories/projects/index.js';
import { loadOrCreatePrincipal } from '../../src/repositories/users.js';
import { listRequestHistory } from '../../src/repositories/request-history.js';
import { listRequests, unreadMailSummary } from '../../src/repositories/requests.js';
import { seedDemo, type DemoIdentityUser } from '../../src/seed/demo.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';

describe.skipIf(skipDriver)('demo seed', () => {
  let ctx: TestContext;
  const identityCalls: DemoIdentityUser[] = [];
  const subs: Record<string, string> = {
    'demo@example.com': crypto.randomUUID(),
    'firm@example.com': crypto.randomUUID(),
    'concierge@example.com': crypto.randomUUID(),
  };
  const hooks = {
    ensureIdentityUser: (user: DemoIdentityUser) => {
      identityCalls.push(user);
      return Promise.resolve(subs[user.email]!);
    },
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  test('a first start seeds the demo users, organization, firm and 15 matters; a second start adds nothing', async () => {
    const first = await seedDemo(ctx.app.db, hooks);
    expect(first.created).toBe(true);
    expect(first.logins).toEqual([
      { userType: 'REGULAR', email: 'demo@example.com', password: 'Demo-Pass1' },
      { userType: 'PATENT', email: 'firm@example.com', password: 'Demo-Pass1' },
      { userType: 'PATENT', email: 'concierge@example.com', password: 'Demo-Pass1' },
    ]);
    expect(identityCalls.map((c) => [c.userType, c.email, c.password])).toEqual([
      ['REGULAR', 'demo@example.com', 'Demo-Pass1'],
      ['PATENT', 'firm@example.com', 'Demo-Pass1'],
      ['PATENT', 'concierge@example.com', 'Demo-Pass1'],
    ]);

    const [regular] = await ctx.app.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'demo@example.com'), eq(users.userType, 'REGULAR')));
    expect(regular?.identitySub).toBe(subs['demo@example.com']);
    const [membership] = await ctx.app.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, regular!.id));
    expect(membership?.roleCode).toBe(0);

    const matters = await ctx.app.db.select().from(projects).where(eq(projects.ownerUserId, regular!.id));
    expect(matters).toHaveLength(15);
    expect(new Set(matters.map((m) => m.regionCode))).toEqual(new Set([1, 2, 201, 202]));
    expect(new Set(matters.map((m) => m.type))).toEqual(new Set([0, 1, 2, 3]));
    const codes = matters.map((m) => m.applicationCode);
    expect(codes).toEqual(
      expect.arrayContaining(['特願2024-012345', '19/234,567', 'EP 25 746 512.3', 'PCT/JP2025/001234']),
    );
    expect(
      matters
        .filter((m) => m.regionCode === 1)
        .every((m) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(m.title) || m.type === 2),
    ).toBe(true);

    const [patent] = await ctx.app.db.select().from(users).where(eq(users.email, 'firm@example.com'));
    const [firm] = await ctx.app.db.select().from(firms).where(eq(firms.id, patent!.firmId!));
    for (const field of [
      'name',
      'nameEn',
      'postalCode',
      'address',
      'phoneNumber',
      'email',
      'website',
      'representativeName',
      'registrationNumber',
      'description',
    ] as const) {
      expect(firm?.[field], field).toBeTruthy();
    }
    // The request form's directory lists only complete offices: the demo firm must be one.
    expect(toFirm(firm!).complete).toBe(true);
    expect(
      (await listDirectory(ctx.app.db, { regionCode: 1, officeType: 'patentAttorney' })).map((f) => f.id),
    ).toEqual([firm!.id]);

    // The list the web app shows: request counts come from the seeded requests.
    const principal = await loadOrCreatePrincipal(ctx.app.db, 'REGULAR', {
      sub: subs['demo@example.com']!,
      email: 'demo@example.com',
    });
    const page = await listProjects(ctx.app.db, principal, {
      tab: 'all',
      status: 'all',
      sort: 'updateDate',
      order: 'desc',
      limit: 100,
    });
    if (isRefused(page)) throw new Error(`listProjects refused: ${page.refused}`);
    expect(page.items).toHaveLength(15);
    expect(page.items.filter((p) => p.requestCount > 0)).toHaveLength(3);
    // Each side has one unread mail waiting, so the demo shows the unread counts.
    expect(await unreadMailSummary(ctx.app.db, principal)).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 0,
    });
    const office = await loadOrCreatePrincipal(ctx.app.db, 'PATENT', {
      sub: subs['firm@example.com']!,
      email: 'firm@example.com',
    });
    expect(await unreadMailSummary(ctx.app.db, office)).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 1,
    });

    const second = await seedDemo(ctx.app.db, hooks);
    expect(second.created).toBe(false);
    expect(await ctx.app.db.select().from(projects).where(isNotNull(projects.id))).toHaveLength(15);
    // The demo firm and the operator's concierge office, once each.
    expect((await ctx.app.db.select().from(firms)).map((f) => [f.email, f.concierge]).sort()).toEqual([
      ['concierge@ipportal.example.com', true],
      ['info@sakura-ip.example.com', false],
    ]);
  });

  test('the demo data carries the history its actions would have written, in the order they happened', async () => {
    const client = await loadOrCreatePrincipal(ctx.app.db, 'REGULAR', {
      sub: subs['demo@example.com']!,
      email: 'demo@example.com',
    });
    const office = await loadOrCreatePrincipal(ctx.app.db, 'PATENT', {
      sub: subs['firm@example.com']!,
      email: 'firm@example.com',
    });
    const { items } = await listRequests(ctx.app.db, client, {
      status: '0',
      concierge: 'all',
      sort: 'registDate',
      order: 'asc',
      offset: 0,
      limit: 50,
    });
    const historyOf = async (name: string) => {
      const request = items.find((r) => r.name === name)!;
      // The office reads the same history as the client.
      const entries = await listRequestHistory(ctx.app.db, office, request.projectId, request.requestId);
      if (isRefused(entries)) throw new Error(`history refused: ${entries.refused}`);
      return { request, entries };
    };
    const summary = (entries: RequestHistoryEntry[]) => entries.map((e) => `${e.action} ${e.actor.side}`);

    // In progress: sent, accepted, then a mail from each side.
    const inProgress = await historyOf('審査請求および拒絶理由対応の見積');
    expect(inProgress.request.status).toBe(2);
    expect(summary(inProgress.entries)).toEqual([
      'request.create client',
      'request.accept office',
      'request.mail.send client',
      'request.mail.send office',
    ]);
    expect(inProgress.entries[0]?.changes).toMatchObject({ number: 1, type: 'estimate' });
    expect(inProgress.entries[1]?.changes).toEqual({ status: [1, 2] });
    expect(inProgress.entries[2]?.changes).toEqual({
      direction: 'toOffice',
      subject: '審査請求の時期について',
      attachments: [],
    });
    // The request was sent when its history says, and a mail entry is dated as its mail.
    expect(inProgress.request.registDate).toBe(inProgress.entries[0]?.occurredAt);
    const [mail] = await ctx.app.db
      .select({ sentAt: requestMails.sentAt })
      .from(requestMails)
      .where(eq(requestMails.subject, '審査請求の時期について'));
    expect(inProgress.entries[2]?.occurredAt).toBe(mail!.sentAt.toISOString());

    const notStarted = await historyOf('出願書類（明細書）作成の見積');
    expect(notStarted.request.status).toBe(1);
    expect(summary(notStarted.entries)).toEqual(['request.create client', 'request.mail.send client']);

    const completed = await historyOf('Office action response (likelihood of confusion)');
    expect(completed.request.status).toBe(3);
    expect(summary(completed.entries)).toEqual([
      'request.create client',
      'request.accept office',
      'request.complete office',
    ]);
    expect(completed.entries[2]?.changes).toEqual({ status: [2, 3] });
    expect(completed.request.updateDate).toBe(completed.entries[2]?.occurredAt);

    for (const { entries } of [inProgress, notStarted, completed]) {
      const times = entries.map((e) => e.occurredAt);
      expect(times).toEqual([...times].sort());
      expect(times.every((t) => new Date(t).getTime() <= Date.now())).toBe(true);
    }

    // Each matter was created before anything happened to it, and the organization before them.
    const created = await ctx.app.db
      .select({ action: history.action, projectId: history.projectId, occurredAt: history.occurredAt })
      .from(history)
      .where(inArray(history.action, ['organization.create', 'organization.member.add', 'project.create']))
      .orderBy(asc(history.occurredAt), asc(history.id));
    expect(created.map((e) => e.action).slice(0, 2)).toEqual([
      'organization.create',
      'organization.member.add',
    ]);
    expect(created.filter((e) => e.action === 'project.create')).toHaveLength(15);
    const matterCreated = created.find((e) => e.projectId === inProgress.request.projectId)!;
    expect(matterCreated.occurredAt.toISOString() < inProgress.entries[0]!.occurredAt).toBe(true);
  });

  test('a recreated identity store gets the app rows re-keyed to the new sub', async () => {
    subs['demo@example.com'] = crypto.randomUUID();
    await seedDemo(ctx.app.db, hooks);
    const [regular] = await ctx.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(regular?.identitySub).toBe(subs['demo@example.com']);
  });
});
