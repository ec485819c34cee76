/**
 * /terms on the API: who sees which deadlines, the filters and paging, decisions (done, let
 * lapse, open again) with their history, the two-person check, and the refusals that change
 * nothing.
 */
import {
  dayInJapan,
  deadlineResponseSchema,
  type DeadlineItem,
  deadlineEndpoints,
  projectEndpoints,
  requestTermEndpoints,
} from '@ipportal/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadlines, history } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { assign, createMatter } from '../projects/support.js';
import { buildWorld, insertRequest, type DetailWorld } from '../requests/detail-support.js';
import { allDeadlines, setDates } from './support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('deadlines across matters', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let trademarkId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'dl');
    // A JP patent filed 2025-05-01: examination request by 2028-05-01, term to 2045-05-01.
    await setDates(ctx, w.owner, w.projectId, { application: { applicationDate: '2025-05-01' } });
    // A JP trademark registered 2020-03-10 (the admin's, not assigned to the owner).
    const trademark = await createMatter(ctx, w.admin, { type: 2, refrenceCode: 'T-001', title: '商標 A' });
    trademarkId = trademark.id;
    await setDates(ctx, w.admin, trademarkId, { registration: { registDate: '2020-03-10' } });
    // The request's own deadlines.
    const terms = await call(ctx, requestTermEndpoints.updateRequestPeriods, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
      body: { decisionPeriod: '2027-01-15', userPeriod: '2027-01-08' },
    });
    expect(terms.statusCode).toBe(200);
    // Nine users, two firms and three PATCHes: slow on a loaded machine with PGlite.
  }, 180_000);
  afterAll(async () => ctx?.close());

  const keysOf = (items: { projectId: string; key: string }[]) =>
    items.map(
      (item) =>
        `${item.projectId === w.projectId ? 'P' : 'T'}:${item.key.replace(/request:[^:]+:/, 'request:')}`,
    );

  test('each user sees the deadlines of the matters they may see, soonest first; the office its docket, strangers none', async () => {
    const owner = await allDeadlines(ctx, w.owner);
    expect(keysOf(owner)).toEqual([
      'P:request:user',
      'P:request:legal',
      'P:jp.patent.examinationRequest',
      'P:jp.patent.termExpiry',
    ]);
    const admin = await allDeadlines(ctx, w.admin);
    expect(keysOf(admin)).toEqual([
      'P:request:user',
      'P:request:legal',
      'P:jp.patent.examinationRequest',
      // The renewal's last day, 2030-03-10, is a Sunday: it moves to Monday 03-11 and so sorts
      // after the term's end, which is a day the right simply ends and does not move.
      'T:jp.trademark.termExpiry',
      'T:jp.trademark.renewalWindow#11',
      'P:jp.patent.termExpiry',
    ]);
    expect(await allDeadlines(ctx, w.unassigned)).toEqual([]);
    expect(await allDeadlines(ctx, w.stranger)).toEqual([]);
    // The office reads only its docket: its request's deadlines (office-deadlines.test.ts).
    const office = await call(ctx, deadlineEndpoints.listDeadlines, { as: w.office, namespace: 'patent' });
    expect(office.statusCode).toBe(200);
    expect(office.json<{ items: DeadlineItem[] }>().items.map((item) => item.origin)).toEqual([
      'requestUser',
      'requestLegal',
    ]);
    const renewal = admin[4]!;
    expect(renewal).toMatchObject({
      refrenceCode: 'T-001',
      kind: 'payment',
      scope: 'pension',
      date: '2030-03-11',
      plainDate: '2030-03-10',
      shift: { reason: 'weekend' },
      opensOn: '2029-09-11',
      lateUntil: '2030-09-10',
      state: 'open',
      confirmedBy: null,
      enteredBy: { id: w.admin.id },
    });
    expect(admin.find((item) => item.origin === 'requestLegal')).toMatchObject({
      kind: 'procedure',
      request: { number: w.number },
      date: '2027-01-15',
    });
  });

  test('filters: type, kind, office, assignee, dates; pages of one follow each other', async () => {
    const patents = await allDeadlines(ctx, w.admin, { caseType: '0' });
    expect(patents.every((item) => item.projectId === w.projectId)).toBe(true);
    expect(keysOf(await allDeadlines(ctx, w.admin, { kind: 'payment' }))).toEqual([
      'T:jp.trademark.renewalWindow#11',
    ]);
    expect((await allDeadlines(ctx, w.admin, { firmId: w.firmId })).map((i) => i.projectId)).toEqual(
      Array(4).fill(w.projectId),
    );
    expect(await allDeadlines(ctx, w.admin, { assigneeUserId: w.unassigned.id })).toEqual([]);
    expect((await allDeadlines(ctx, w.admin, { assigneeUserId: w.owner.id })).length).toBe(4);
    expect(keysOf(await allDeadlines(ctx, w.admin, { from: '2027-01-10', to: '2028-12-31' }))).toEqual([
      'P:request:legal',
      'P:jp.patent.examinationRequest',
    ]);
    const paged = await allDeadlines(ctx, w.admin, { limit: '1' });
    expect(keysOf(paged)).toEqual(keysOf(await allDeadlines(ctx, w.admin)));
    const bad = await call(ctx, deadlineEndpoints.listDeadlines, {
      as: w.admin,
      namespace: 'user',
      query: { cursor: 'nonsense' },
    });
    expect(bad.statusCode).toBe(400);
    const badKind = await call(ctx, deadlineEndpoints.listDeadlines, {
      as: w.admin,
      namespace: 'user',
      search: 'kind=x',
    });
    expect(badKind.statusCode).toBe(400);
  });

  const setState = (user: DetailWorld['owner'], projectId: string, payload: object, locale = 'en') =>
    call(ctx, deadlineEndpoints.setDeadlineState, {
      as: user,
      headers: { 'accept-language': locale },
      params: { projectId },
      payload: payload,
    });
  const confirm = (user: DetailWorld['owner'], projectId: string, key: string, locale = 'en') =>
    call(ctx, deadlineEndpoints.confirmDeadline, {
      as: user,
      headers: { 'accept-language': locale },
      params: { projectId },
      body: { key },
    });
  const deadlineHistory = (projectId: string) =>
    ctx.app.db
      .select({ action: history.action, actor: history.actorUserId, changes: history.changes })
      .from(history)
      .where(and(eq(history.projectId, projectId), like(history.action, 'deadline.%')))
      .orderBy(asc(history.id));

  test('done records who and when, leaves the open list, and goes into the matter history', async () => {
    const done = await setState(w.owner, w.projectId, { key: 'jp.patent.examinationRequest', state: 'done' });
    expect(done.statusCode).toBe(200);
    const item = deadlineResponseSchema.parse(done.json()).item;
    expect(item).toMatchObject({ state: 'done', stateBy: { id: w.owner.id, name: 'Owner dl' } });
    expect(Date.now() - Date.parse(item.stateAt!)).toBeLessThan(60_000);
    const open = await allDeadlines(ctx, w.owner);
    expect(open.some((i) => i.key === 'jp.patent.examinationRequest')).toBe(false);
    expect((await allDeadlines(ctx, w.owner, { state: 'done' })).map((i) => i.key)).toEqual([
      'jp.patent.examinationRequest',
    ]);
    expect(await deadlineHistory(w.projectId)).toEqual([
      {
        action: 'deadline.done',
        actor: w.owner.id,
        changes: {
          key: 'jp.patent.examinationRequest',
          nameKey: 'deadline.jp.patent.examinationRequest.name',
          date: '2028-05-01',
          state: ['open', 'done'],
          completedOn: item.completedOn,
        },
      },
    ]);
  });

  test('done by hand records the day it was done, a note and an evidence link; today in Japan when no day is given', async () => {
    const key = 'jp.patent.termExpiry';
    const japanDay = (offsetDays: number) => dayInJapan(new Date(Date.now() + offsetDays * 86_400_000));
    const before = await deadlineHistory(w.projectId);
    for (const [payload, message] of [
      [{ completedOn: japanDay(1) }, /今日（日本時間）より後の日付/],
      [{ note: 'x'.repeat(1001) }, /1000文字以内/],
      [{ evidenceUrl: 'javascript:alert(1)' }, /http:\/\/ または https:\/\//],
      [{ evidenceUrl: 'ftp://files.example.com/receipt.pdf' }, /http:\/\/ または https:\/\//],
    ] as const) {
      const refused = await setState(w.owner, w.projectId, { key, state: 'done', ...payload }, 'ja');
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    expect(await deadlineHistory(w.projectId)).toEqual(before);

    const done = await setState(w.owner, w.projectId, {
      key,
      state: 'done',
      completedOn: '2026-01-09',
      note: '  特許庁に受領を確認  ',
      evidenceUrl: 'https://docs.example.com/receipts/123',
    });
    expect(done.statusCode, done.body).toBe(200);
    const doneItem = deadlineResponseSchema.parse(done.json()).item;
    expect(doneItem).toMatchObject({
      state: 'done',
      stateBy: { id: w.owner.id, name: 'Owner dl' },
      completedOn: '2026-01-09',
      completionNote: '特許庁に受領を確認',
      evidenceUrl: 'https://docs.example.com/receipts/123',
    });
    const recorded = (await deadlineHistory(w.projectId)).filter((row) => row.action === 'deadline.done');
    expect(recorded.map((row) => row.changes)).toContainEqual({
      key,
      nameKey: 'deadline.jp.patent.termExpiry.name',
      date: doneItem.date,
      state: ['open', 'done'],
      completedOn: '2026-01-09',
      completionNote: '特許庁に受領を確認',
      evidenceUrl: 'https://docs.example.com/receipts/123',
    });

    // Open again (one step): the completion goes with it; done again without a day is today in Japan.
    const reopened = await setState(w.owner, w.projectId, { key, state: 'open' });
    expect(deadlineResponseSchema.parse(reopened.json()).item).toMatchObject({
      state: 'open',
      completedOn: null,
      completionNote: null,
      evidenceUrl: null,
    });
    const today = await setState(w.owner, w.projectId, { key, state: 'done' });
    expect(deadlineResponseSchema.parse(today.json()).item).toMatchObject({
      completedOn: japanDay(0),
      completionNote: null,
      evidenceUrl: null,
    });
    await setState(w.owner, w.projectId, { key, state: 'open' });
  });

  test('let lapse needs a reason (400 in the caller’s language, nothing changes) and keeps it', async () => {
    const before = await deadlineHistory(trademarkId);
    const noReason = await setState(
      w.admin,
      trademarkId,
      { key: 'jp.trademark.renewalWindow#11', state: 'lapsed' },
      'ja',
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toMatch(/必須/);
    expect(await deadlineHistory(trademarkId)).toEqual(before);
    const lapsed = await setState(w.admin, trademarkId, {
      key: 'jp.trademark.renewalWindow#11',
      state: 'lapsed',
      reason: '事業終了のため更新しない',
    });
    expect(lapsed.statusCode).toBe(200);
    expect(deadlineResponseSchema.parse(lapsed.json()).item).toMatchObject({
      state: 'lapsed',
      lapseReason: '事業終了のため更新しない',
      stateBy: { id: w.admin.id },
    });
    expect((await allDeadlines(ctx, w.admin, { state: 'lapsed' })).map((i) => i.key)).toEqual([
      'jp.trademark.renewalWindow#11',
    ]);
    const reopened = await setState(w.admin, trademarkId, {
      key: 'jp.trademark.renewalWindow#11',
      state: 'open',
    });
    expect(deadlineResponseSchema.parse(reopened.json()).item).toMatchObject({
      state: 'open',
      lapseReason: null,
    });
    expect((await deadlineHistory(trademarkId)).map((row) => row.action)).toEqual([
      'deadline.lapse',
      'deadline.reopen',
    ]);
  });

  test('only users who see the matter may decide: others 404, a deleted matter 409', async () => {
    for (const user of [w.unassigned, w.stranger]) {
      const response = await setState(user, w.projectId, { key: 'jp.patent.termExpiry', state: 'done' });
      expect(response.statusCode).toBe(404);
      expect((await confirm(user, w.projectId, 'jp.patent.termExpiry')).statusCode).toBe(404);
    }
    const unknown = await setState(w.owner, w.projectId, { key: 'no.such.rule', state: 'done' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toMatch(/deadline was not found/);
    const gone = await createMatter(ctx, w.admin, { refrenceCode: 'GONE' });
    await setDates(ctx, w.admin, gone.id, { application: { applicationDate: '2025-01-01' } });
    await call(ctx, projectEndpoints.deleteProject, { as: w.admin, params: { projectId: gone.id } });
    expect(
      (await setState(w.admin, gone.id, { key: 'jp.patent.termExpiry', state: 'done' })).statusCode,
    ).toBe(409);
    expect((await allDeadlines(ctx, w.admin)).some((item) => item.projectId === gone.id)).toBe(false);
  });

  test('the two-person check: the one who entered the dates cannot confirm, someone else can; a new date needs a new check', async () => {
    const key = 'jp.patent.termExpiry';
    const self = await confirm(w.owner, w.projectId, key);
    expect(self.statusCode).toBe(403);
    expect(self.json<{ message: string }>().message).toMatch(/someone other than/);
    const other = await confirm(w.admin, w.projectId, key);
    expect(other.statusCode).toBe(201);
    expect(deadlineResponseSchema.parse(other.json()).item).toMatchObject({
      confirmedBy: { id: w.admin.id, name: '管理者 dl' },
      enteredBy: { id: w.owner.id },
    });
    // The one who marked a deadline done cannot confirm it either.
    expect((await confirm(w.owner, w.projectId, 'jp.patent.examinationRequest')).statusCode).toBe(403);
    // The admin moves the filing date: the term end moves and is unconfirmed again.
    await setDates(ctx, w.admin, w.projectId, { application: { applicationDate: '2025-06-02' } });
    const after = (await allDeadlines(ctx, w.admin, { state: 'all' })).find((item) => item.key === key)!;
    expect(after).toMatchObject({ date: '2045-06-02', confirmedBy: null, enteredBy: { id: w.admin.id } });
    expect((await confirm(w.owner, w.projectId, key)).statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select({ revision: deadlines.revision })
      .from(deadlines)
      .where(and(eq(deadlines.projectId, w.projectId), eq(deadlines.key, key)));
    expect(row?.revision).toBe(1);
  });

  test('a dated item marked done on /terms is done on its request page too', async () => {
    const added = await call(ctx, requestTermEndpoints.addRequestTermItem, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
      body: { name: '翻訳文の確認', date: '2027-02-01' },
    });
    expect(added.statusCode).toBe(201);
    const item = (await allDeadlines(ctx, w.owner)).find((i) => i.origin === 'requestItem')!;
    expect(item).toMatchObject({ name: '翻訳文の確認', kind: 'internal', date: '2027-02-01' });
    expect((await setState(w.owner, w.projectId, { key: item.key, state: 'done' })).statusCode).toBe(200);
    const terms = await call(ctx, requestTermEndpoints.getRequestTerms, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
    });
    expect(terms.json<{ item: { items: unknown[] } }>().item.items).toMatchObject([
      { name: '翻訳文の確認', done: true },
    ]);
  });

  test('a new assignee sees the matter’s deadlines', async () => {
    await assign(ctx, w.projectId, w.unassigned);
    expect((await allDeadlines(ctx, w.unassigned)).length).toBeGreaterThan(0);
    const created = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id);
    expect(created.number).toBeGreaterThan(0);
  });
});
