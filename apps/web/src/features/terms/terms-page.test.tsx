import { deadlineEndpoints, firmEndpoints } from '@ipportal/domain';
import type { DeadlineFilterOptions, DeadlineItem, DeadlineListResponse } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDeadlineItem, makeUser } from '../../../test/fixtures';
import { patentSession } from '../../../test/fake-auth-port';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const me = makeUser();
const taro = { id: '2c9d7e51-8f4a-4b1e-9c3d-5a6b7c8d9e01', name: '佐藤 太郎' };
const patentId = '5a0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a05';
const pctId = '6b1d6c8f-3b52-4d66-8b4f-7c2e1f3a9b06';
const requestId = '7c2e7d90-4c63-4e77-9c50-8d3f2a4b0c07';

function deadline(extra: Partial<DeadlineItem> & Pick<DeadlineItem, 'key' | 'date'>): DeadlineItem {
  return makeDeadlineItem({ projectId: patentId, enteredBy: taro, ...extra });
}

/** A reply to a request: legal deadline passed last week. */
const overdue = deadline({
  key: `request:${requestId}:legal`,
  date: '2026-11-20',
  origin: 'requestLegal',
  request: { number: 2, name: '拒絶理由通知への応答' },
  refrenceCode: 'P-2024-003',
  projectTitle: '電池パック',
});
/** Tomorrow: the examination request, checked by a second person. */
const examination = deadline({
  key: 'jp.patent.examinationRequest',
  date: '2026-11-27',
  ruleId: 'jp.patent.examinationRequest',
  nameKey: 'deadline.jp.patent.examinationRequest.name',
  legalSource: { ja: '特許法第48条の3第1項', en: 'Patent Act (Japan) Art. 48-3(1)' },
  confirmedBy: taro,
  confirmedAt: '2026-11-02T01:00:00.000Z',
});
/** A Saturday moved to Monday; its rule's source is not confirmed and nobody checked it. */
const nationalPhase = deadline({
  key: 'pct.nationalPhaseEntry',
  projectId: pctId,
  refrenceCode: 'PCT-2024-002',
  projectTitle: '蓄電システム',
  caseType: 0,
  regionCode: 1,
  date: '2026-11-30',
  plainDate: '2026-11-28',
  shift: { reason: 'weekend' },
  ruleId: 'pct.nationalPhaseEntry',
  nameKey: 'deadline.pct.nationalPhaseEntry.name',
  ruleConfirmed: false,
});
/** The 29th of December moved past the office's year-end closure. */
const annuity = deadline({
  key: 'jp.patent.annuity#4',
  date: '2027-01-04',
  plainDate: '2026-12-29',
  shift: { reason: 'yearEnd' },
  kind: 'payment',
  scope: 'pension',
  ruleId: 'jp.patent.annuity',
  year: 4,
  nameKey: 'deadline.jp.patent.annuity.name',
  lateUntil: '2027-06-29',
});
/** A holiday moved to the next day. */
const holiday = deadline({
  key: 'jp.patent.termExpiry',
  projectId: pctId,
  refrenceCode: 'PCT-2024-002',
  projectTitle: '蓄電システム',
  date: '2027-01-12',
  plainDate: '2027-01-11',
  shift: { reason: 'holiday', holiday: { ja: '成人の日', en: 'Coming of Age Day' } },
  kind: 'termEnd',
  ruleId: 'jp.patent.termExpiry',
  nameKey: 'deadline.jp.patent.termExpiry.name',
});

const soonestFirst = [overdue, examination, nationalPhase, annuity, holiday];

const filterOptions: DeadlineFilterOptions = {
  assignees: [taro, { id: me.id, name: me.name }],
  offices: [{ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: '山田特許事務所' }],
};

function listAnswer(items: DeadlineItem[], nextCursor: string | null = null) {
  const body: DeadlineListResponse = { hasError: false, message: '', items, nextCursor };
  return HttpResponse.json(body);
}

/**
 * The deadlines API over `items`: GET answers the open (or the asked) state, `pageSize` at a
 * time, and records each query; PUT state and POST confirmation change the item and answer it.
 */
function deadlinesApi(start: DeadlineItem[], pageSize = Infinity) {
  let items = start.map((item) => ({ ...item }));
  const queries: URLSearchParams[] = [];
  const decisions: { projectId: string; body: unknown }[] = [];
  const confirmations: { projectId: string; body: unknown }[] = [];
  const find = (projectId: string, key: string) =>
    items.find((item) => item.projectId === projectId && item.key === key);
  server.use(
    handlerFor(deadlineEndpoints.deadlineFilterOptions, () =>
      HttpResponse.json({ hasError: false, message: '', item: filterOptions }),
    ),
    handlerFor(
      deadlineEndpoints.listDeadlines,
      ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const state = query.get('state') ?? 'open';
        const shown = items.filter((item) => state === 'all' || item.state === state);
        // The cursor is the index of the page's first item; pageSize stands in for the limit.
        const from = Number(query.get('cursor') ?? 0);
        const to = from + pageSize;
        return listAnswer(shown.slice(from, to), to < shown.length ? String(to) : null);
      },
      { namespace: 'user' },
    ),
    handlerFor(deadlineEndpoints.setDeadlineState, async ({ params, request }) => {
      const projectId = String(params.projectId);
      const body = (await request.json()) as {
        key: string;
        state: DeadlineItem['state'];
        reason?: string;
        completedOn?: string;
        note?: string | null;
        evidenceUrl?: string | null;
      };
      decisions.push({ projectId, body });
      const item = find(projectId, body.key);
      if (!item) return HttpResponse.json({ hasError: true, message: 'not found' }, { status: 404 });
      const done = body.state === 'done';
      Object.assign(item, {
        state: body.state,
        stateBy: body.state === 'open' ? null : { id: me.id, name: me.name },
        stateAt: body.state === 'open' ? null : '2026-11-26T03:00:00.000Z',
        lapseReason: body.reason ?? null,
        completedOn: done ? (body.completedOn ?? '2026-11-26') : null,
        completionNote: done ? (body.note ?? null) : null,
        evidenceUrl: done ? (body.evidenceUrl ?? null) : null,
      });
      return HttpResponse.json({ hasError: false, message: '', item });
    }),
    handlerFor(deadlineEndpoints.confirmDeadline, async ({ params, request }) => {
      const projectId = String(params.projectId);
      const body = await request.json();
      confirmations.push({ projectId, body });
      const item = find(projectId, body.key);
      if (!item) return HttpResponse.json({ hasError: true, message: 'not found' }, { status: 404 });
      Object.assign(item, {
        confirmedBy: { id: me.id, name: me.name },
        confirmedAt: '2026-11-26T03:00:00.000Z',
      });
      return HttpResponse.json({ hasError: false, message: '', item }, { status: 201 });
    }),
  );
  return {
    queries,
    decisions,
    confirmations,
    set: (next: DeadlineItem[]) => (items = next),
    last: () => Object.fromEntries(queries.at(-1) ?? []),
  };
}

beforeAll(async () => {
  await import('./terms-page');
}, 60_000);

// The groups run from today in Japan: Thursday 26 November 2026 at noon there, whatever the
// machine's time zone. Only Date is faked: timers, and so the network and waitFor, run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T12:00:00+09:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const groupHeadings = (app: ReturnType<typeof renderApp>) =>
  app.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('/terms', { timeout: 60_000 }, () => {
  it('groups the open deadlines into overdue, this week, this month and later, soonest first', async () => {
    const api = deadlinesApi(soonestFirst);
    const app = renderApp('/terms', { apiUser: me });
    await app.findByRole('table', { name: '期限切れ' }, slow);
    expect(groupHeadings(app)).toEqual(['期限切れ 1 件', '今週 1 件', '今月 1 件', 'それ以降 2 件']);
    expect(api.last()).toEqual({ state: 'open', limit: '200' });

    const overdueRow = within(app.getByRole('table', { name: '期限切れ' })).getAllByRole('row')[1]!;
    expect(overdueRow).toHaveTextContent('2026年11月20日(金)');
    expect(overdueRow).toHaveTextContent('法定期限');
    expect(overdueRow).toHaveTextContent('依頼 No.2「拒絶理由通知への応答」');
    expect(within(app.getByRole('table', { name: '今週' })).getAllByRole('row')[1]).toHaveTextContent(
      '審査請求期限',
    );

    // Later: the year-end closure, then the holiday, in the order the server gave.
    const later = within(app.getByRole('table', { name: 'それ以降' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      later.map((row) => within(row).getAllByRole('cell')[0]!.querySelector('strong')?.textContent),
    ).toEqual(['2027年1月4日(月)', '2027年1月12日(火)']);
    expect(later[0]).toHaveTextContent('本来の期日 2026年12月29日(火)');
    expect(later[0]).toHaveTextContent('年末年始（12月29日〜1月3日）のため翌営業日');
    expect(later[0]).toHaveTextContent('追納 2027年6月29日(火) まで');
    expect(later[1]).toHaveTextContent('本来の期日 2027年1月11日(月)');
    expect(later[1]).toHaveTextContent('祝日（成人の日）のため翌営業日');

    // Each row's actions name the matter and the deadline (two of P-2024-001's are listed): each
    // name is found once.
    for (const name of [
      '完了にする P-2024-001 審査請求期限',
      '完了にする P-2024-001 特許料（年金）の納付期限（第4年分）',
      '失効させる P-2024-001 特許料（年金）の納付期限（第4年分）',
      '確認する PCT-2024-002 国内移行期限',
    ])
      expect(app.getByRole('button', { name })).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it('shows a moved date with the office date and the reason, and an unchecked rule (en)', async () => {
    deadlinesApi(soonestFirst);
    const app = renderApp('/terms', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    await app.findByRole('table', { name: 'Overdue' }, slow);
    expect(groupHeadings(app)).toEqual([
      'Overdue 1 deadline',
      'This week 1 deadline',
      'This month 1 deadline',
      'Later 2 deadlines',
    ]);
    const moved = app.getByRole('row', { name: /National phase entry/ });
    expect(moved).toHaveTextContent('Mon, 30 Nov 2026');
    expect(moved).toHaveTextContent("Office's date Sat, 28 Nov 2026");
    expect(moved).toHaveTextContent('moved to the next business day (weekend)');
    expect(moved).toHaveTextContent('Not checked against the official text (taken from a secondary source)');
    expect(moved).toHaveTextContent('Not checked');
    const checked = app.getByRole('row', { name: /Examination request deadline/ });
    expect(checked).toHaveTextContent('Checked by 佐藤 太郎');
    expect(checked).toHaveTextContent('Patent Act (Japan) Art. 48-3(1)');
    expect(app.getByRole('row', { name: /Term expiry/ })).toHaveTextContent(
      'moved to the next business day (Coming of Age Day)',
    );
    expect(app.missingKeys).toEqual([]);
  });

  it('sends each filter in the query and keeps it in the address', async () => {
    const api = deadlinesApi(soonestFirst);
    const app = renderApp('/terms', { apiUser: me });
    await app.findByRole('table', { name: '期限切れ' }, slow);

    await app.user.selectOptions(app.getByRole('combobox', { name: '種類' }), '納付期限');
    await waitFor(() => expect(api.last()).toEqual({ kind: 'payment', state: 'open', limit: '200' }));
    await app.user.selectOptions(app.getByRole('combobox', { name: '案件種別' }), '特許権');
    await waitFor(() =>
      expect(api.last()).toEqual({ caseType: '0', kind: 'payment', state: 'open', limit: '200' }),
    );
    await app.user.selectOptions(app.getByRole('combobox', { name: '状態' }), '完了');
    await waitFor(() =>
      expect(api.last()).toEqual({ caseType: '0', kind: 'payment', state: 'done', limit: '200' }),
    );
    await app.findByRole('option', { name: '佐藤 太郎' });
    await app.user.selectOptions(app.getByRole('combobox', { name: '担当者' }), '佐藤 太郎');
    await waitFor(() => expect(api.last()).toMatchObject({ assigneeUserId: taro.id }));
    await app.user.selectOptions(app.getByRole('combobox', { name: '事務所' }), '山田特許事務所');
    await waitFor(() => expect(api.last()).toMatchObject({ firmId: filterOptions.offices[0]!.id }));
    expect(app.location()).toContain('kind=payment');
    expect(app.location()).toContain('state=done');

    // Back to "all" kinds drops the filter; back to open drops the state from the address.
    await app.user.selectOptions(app.getByRole('combobox', { name: '種類' }), 'すべて');
    await app.user.selectOptions(app.getByRole('combobox', { name: '状態' }), '未完了');
    await waitFor(() =>
      expect(api.last()).toEqual({
        caseType: '0',
        state: 'open',
        assigneeUserId: taro.id,
        firmId: filterOptions.offices[0]!.id,
        limit: '200',
      }),
    );
    expect(app.location()).not.toContain('kind=');
    expect(app.location()).not.toContain('state=');
  });

  it('marking a deadline done asks for the day it was done (today in Japan, not later), a note and evidence, then records them', async () => {
    const api = deadlinesApi(soonestFirst);
    const app = renderApp('/terms', { apiUser: me });
    const row = await app.findByRole('row', { name: /審査請求期限/ }, slow);
    await app.user.click(within(row).getByRole('button', { name: '完了にする P-2024-001 審査請求期限' }));
    // One click does not decide: a question comes first, and cancelling it changes nothing.
    const dialog = await app.findByRole('dialog', { name: '完了として記録する' });
    const day = within(dialog).getByLabelText(/完了日/);
    expect(day).toHaveValue('2026-11-26');
    expect(day).toHaveAttribute('max', '2026-11-26');
    await app.user.clear(day);
    await app.user.type(day, '2026-11-27');
    await app.user.type(within(dialog).getByLabelText(/証跡のリンク/), 'ftp://files.example.com/r.pdf');
    await app.user.click(within(dialog).getByRole('button', { name: '完了として記録' }));
    expect(day).toHaveAccessibleDescription(/今日（日本時間）より後の日付は入力できません/);
    expect(within(dialog).getByLabelText(/証跡のリンク/)).toHaveAccessibleDescription(
      /URL は http:\/\/ または https:\/\/ から入力してください/,
    );
    expect(api.decisions).toEqual([]);

    await app.user.clear(day);
    await app.user.type(day, '2026-11-25');
    await app.user.type(within(dialog).getByLabelText(/メモ/), '特許庁に受領を確認');
    await app.user.clear(within(dialog).getByLabelText(/証跡のリンク/));
    await app.user.type(within(dialog).getByLabelText(/証跡のリンク/), 'https://docs.example.com/r/1');
    await app.user.click(within(dialog).getByRole('button', { name: '完了として記録' }));
    expect(await app.findByText('保存しました', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(app.queryByRole('row', { name: /審査請求期限/ })).not.toBeInTheDocument());
    expect(api.decisions).toEqual([
      {
        projectId: patentId,
        body: {
          key: 'jp.patent.examinationRequest',
          state: 'done',
          completedOn: '2026-11-25',
          note: '特許庁に受領を確認',
          evidenceUrl: 'https://docs.example.com/r/1',
        },
      },
    ]);
    expect(app.queryByRole('heading', { name: /^今週/ })).not.toBeInTheDocument();

    // The done filter shows it with the day it was done, who marked it and when, the note and the
    // evidence; opening it again is one click.
    await app.user.selectOptions(app.getByRole('combobox', { name: '状態' }), '完了');
    const done = await app.findByRole('row', { name: /審査請求期限/ }, slow);
    expect(done).toHaveTextContent('完了日 2026年11月25日(水)');
    expect(done).toHaveTextContent(`${me.name}（2026/11/26）`);
    expect(done).toHaveTextContent('特許庁に受領を確認');
    expect(within(done).getByRole('link', { name: /証跡/ })).toHaveAttribute(
      'href',
      'https://docs.example.com/r/1',
    );
    await app.user.click(within(done).getByRole('button', { name: '未完了に戻す P-2024-001 審査請求期限' }));
    await waitFor(() => expect(api.decisions).toHaveLength(2));
    expect(api.decisions[1]).toEqual({
      projectId: patentId,
      body: { key: 'jp.patent.examinationRequest', state: 'open' },
    });
  });

  it('a deadline decided on a further page leaves the list too', async () => {
    const api = deadlinesApi(soonestFirst, 3);
    const app = renderApp('/terms', { apiUser: me });
    await app.findByRole('table', { name: '今月' }, slow);
    expect(app.queryByRole('table', { name: 'それ以降' })).not.toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'さらに表示' }));
    const row = await app.findByRole('row', { name: /特許料（年金）の納付期限/ }, slow);
    expect(api.last()).toEqual({ state: 'open', limit: '200', cursor: '3' });
    expect(app.queryByRole('button', { name: 'さらに表示' })).not.toBeInTheDocument();

    await app.user.click(
      within(row).getByRole('button', { name: '完了にする P-2024-001 特許料（年金）の納付期限（第4年分）' }),
    );
    const dialog = await app.findByRole('dialog', { name: '完了として記録する' });
    await app.user.click(within(dialog).getByRole('button', { name: '完了として記録' }));
    await waitFor(() =>
      expect(app.queryByRole('row', { name: /特許料（年金）の納付期限/ })).not.toBeInTheDocument(),
    );
    // The other rows of both pages stay.
    expect(app.getByRole('row', { name: /存続期間満了日/ })).toBeInTheDocument();
    expect(app.getByRole('row', { name: /審査請求期限/ })).toBeInTheDocument();
    expect(app.getByRole('heading', { name: 'それ以降 1 件' })).toBeInTheDocument();
  });

  it('letting a deadline lapse asks for a reason and refuses an empty one (en)', async () => {
    const api = deadlinesApi(soonestFirst);
    const app = renderApp('/terms', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const row = await app.findByRole('row', { name: /Annuity/ }, slow);
    await app.user.click(within(row).getByRole('button', { name: 'Let lapse P-2024-001 Annuity (year 4)' }));
    const dialog = await app.findByRole('dialog', { name: 'Let lapse (do not pay)' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });

    await app.user.click(within(dialog).getByRole('button', { name: 'Let lapse' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Required'));
    expect(reason).toBeInvalid();
    await app.user.type(reason, '   ');
    expect(reason).not.toHaveAccessibleDescription('Required');
    await app.user.click(within(dialog).getByRole('button', { name: 'Let lapse' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Required'));
    expect(api.decisions).toEqual([]);

    // Closed and opened again, the dialog starts without the old complaint.
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.click(within(row).getByRole('button', { name: 'Let lapse P-2024-001 Annuity (year 4)' }));
    const again = await app.findByRole('dialog', { name: 'Let lapse (do not pay)' });
    const reasonAgain = within(again).getByRole('textbox', { name: /Reason/ });
    expect(reasonAgain).toHaveValue('');
    expect(reasonAgain).not.toHaveAttribute('aria-invalid');
    expect(reasonAgain).not.toHaveAccessibleDescription('Required');

    await app.user.clear(reasonAgain);
    await app.user.type(reasonAgain, 'Product discontinued');
    expect(reasonAgain).toBeValid();
    await app.user.click(within(again).getByRole('button', { name: 'Let lapse' }));
    await waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.decisions).toEqual([
      {
        projectId: patentId,
        body: { key: 'jp.patent.annuity#4', state: 'lapsed', reason: 'Product discontinued' },
      },
    ]);
    await waitFor(() => expect(app.queryByRole('row', { name: /Annuity/ })).not.toBeInTheDocument());
    expect(app.missingKeys).toEqual([]);
  });

  it('the lapsed filter shows the decision as a state, who made it and why, and opens it again', async () => {
    const api = deadlinesApi([
      ...soonestFirst,
      {
        ...annuity,
        key: 'jp.patent.annuity#5',
        year: 5,
        date: '2028-01-04',
        plainDate: '2028-01-04',
        shift: null,
        state: 'lapsed',
        stateBy: { id: me.id, name: me.name },
        stateAt: '2026-11-20T03:00:00.000Z',
        lapseReason: '製品の販売終了',
      },
    ]);
    const app = renderApp('/terms?state=lapsed', { apiUser: me });
    const row = await app.findByRole('row', { name: /特許料（年金）の納付期限/ }, slow);
    expect(api.last()).toEqual({ state: 'lapsed', limit: '200' });
    expect(app.getByRole('combobox', { name: '状態' })).toHaveDisplayValue('失効（納付しない）');
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(
      `失効（納付しない）${me.name}（2026/11/20）理由: 製品の販売終了`,
    );
    expect(within(row).queryByRole('button', { name: /完了にする/ })).not.toBeInTheDocument();
    await app.user.click(
      within(row).getByRole('button', {
        name: '未完了に戻す P-2024-001 特許料（年金）の納付期限（第5年分）',
      }),
    );
    await waitFor(() => expect(api.decisions).toHaveLength(1));
    expect(api.decisions[0]).toEqual({
      projectId: patentId,
      body: { key: 'jp.patent.annuity#5', state: 'open' },
    });
    expect(await app.findByText('表示する期限はありません', {}, slow)).toBeInTheDocument();
  });

  it('a decision the server refuses says what failed and why, and the dialog keeps the reason', async () => {
    const api = deadlinesApi(soonestFirst);
    server.use(
      handlerFor(deadlineEndpoints.setDeadlineState, () =>
        HttpResponse.json({ hasError: true, message: '期限が見つかりません' }, { status: 404 }),
      ),
      handlerFor(deadlineEndpoints.confirmDeadline, () =>
        HttpResponse.json(
          {
            hasError: true,
            message: '期限の確認は、日付を入力した人や完了・失効を記録した人とは別の人が行ってください',
          },
          { status: 403 },
        ),
      ),
    );
    const app = renderApp('/terms', { apiUser: me });
    const row = await app.findByRole('row', { name: /特許料（年金）の納付期限/ }, slow);
    await app.user.click(
      within(row).getByRole('button', { name: '失効させる P-2024-001 特許料（年金）の納付期限（第4年分）' }),
    );
    const dialog = await app.findByRole('dialog', { name: '失効させる（納付しない）' });
    const reason = within(dialog).getByRole('textbox', { name: /理由/ });
    await app.user.type(reason, '製品の販売終了');
    await app.user.click(within(dialog).getByRole('button', { name: '失効させる' }));
    const toast = await app.findByRole('alert', {}, slow);
    expect(toast).toHaveTextContent('期限を更新できませんでした');
    expect(toast).toHaveTextContent('期限が見つかりません');
    expect(dialog).toBeInTheDocument();
    expect(reason).toHaveValue('製品の販売終了');
    await app.user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());

    const unchecked = app.getByRole('row', { name: /国内移行期限/ });
    await app.user.click(within(unchecked).getByRole('button', { name: /確認する/ }));
    await waitFor(() =>
      expect(
        app
          .getAllByRole('alert')
          .map((alert) => alert.textContent)
          .join(),
      ).toContain('期限を確認済みにできませんでした'),
    );
    expect(unchecked).toHaveTextContent('未確認');
    expect(api.decisions).toEqual([]);
  });

  it('an unchecked deadline says so and offers the check to someone other than who entered it', async () => {
    const api = deadlinesApi([
      nationalPhase,
      // Entered by the signed-in user: they may not check it themselves.
      { ...holiday, enteredBy: { id: me.id, name: me.name } },
    ]);
    const app = renderApp('/terms', { apiUser: me });
    const row = await app.findByRole('row', { name: /国内移行期限/ }, slow);
    expect(row).toHaveTextContent('未確認');
    expect(row).toHaveTextContent('公式の条文は未確認（二次資料に基づく）');
    const own = app.getByRole('row', { name: /存続期間満了日/ });
    expect(own).toHaveTextContent('未確認');
    expect(within(own).queryByRole('button', { name: /確認する/ })).not.toBeInTheDocument();

    await app.user.click(within(row).getByRole('button', { name: '確認する PCT-2024-002 国内移行期限' }));
    await waitFor(() => expect(row).toHaveTextContent(`${me.name} が確認済み`));
    expect(api.confirmations).toEqual([{ projectId: pctId, body: { key: 'pct.nationalPhaseEntry' } }]);
    expect(within(row).queryByRole('button', { name: /確認する/ })).not.toBeInTheDocument();
  });

  it('the month view asks for the weeks shown and lists the deadlines of a chosen day', async () => {
    const api = deadlinesApi(soonestFirst);
    const app = renderApp('/terms', { apiUser: me });
    await app.findByRole('table', { name: '期限切れ' }, slow);
    await app.user.click(app.getByRole('tab', { name: '月表示' }));
    const calendar = await app.findByRole('grid', { name: '期限のある日' }, slow);
    await waitFor(() =>
      expect(api.last()).toEqual({ state: 'open', from: '2026-10-25', to: '2026-12-14', limit: '1000' }),
    );
    expect(app.location()).toBe('/terms?view=month');
    expect(app.getByText('2026年11月')).toBeInTheDocument();
    expect(app.getByText('日付を選ぶとその日の期限を表示します')).toBeInTheDocument();
    const day27 = within(calendar).getByRole('button', { name: /11月27日/ });
    expect(day27).toHaveAttribute('aria-pressed', 'true');
    expect(within(calendar).getByRole('button', { name: /11月25日/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await app.user.click(day27);
    expect(await app.findByText('2026年11月27日(金) の期限')).toBeInTheDocument();
    expect(app.getByRole('row', { name: /審査請求期限/ })).toBeInTheDocument();
    expect(app.queryByRole('row', { name: /国内移行期限/ })).not.toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: '次の月' }));
    expect(await app.findByText('2026年12月')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.last()).toEqual({ state: 'open', from: '2026-11-24', to: '2027-01-14', limit: '1000' }),
    );
  });

  it('a list that does not load says so and can be asked for again, not that there is nothing', async () => {
    const api = deadlinesApi(soonestFirst);
    let failures = 1;
    server.use(
      handlerFor(
        deadlineEndpoints.listDeadlines,
        () => {
          if (failures === 0) return undefined;
          failures -= 1;
          return HttpResponse.json({ hasError: true, message: 'Internal Server Error' }, { status: 500 });
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/terms', { apiUser: me });
    expect(await app.findByText('期限を読み込めませんでした', {}, slow)).toBeInTheDocument();
    expect(app.queryByText('表示する期限はありません')).not.toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '再読み込み' }));
    expect(await app.findByRole('table', { name: '期限切れ' }, slow)).toBeInTheDocument();
    expect(api.queries).toHaveLength(1);
  });

  it('exports the whole list as CSV, also the pages not loaded: UTF-8 with a BOM, translated headers, dates as YYYY-MM-DD', async () => {
    // Two a page: the export reads the pages not loaded yet.
    const api = deadlinesApi(soonestFirst, 2);
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = renderApp('/terms', { apiUser: me });
    await app.findByRole('table', { name: '期限切れ' }, slow);
    await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('deadlines-2026-11-26.csv');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('"期日","本来の期日","整理番号","案件名","期限","種類","状態","確認者","根拠"');
    expect(lines[1]).toBe(
      '"2026-11-20","2026-11-20","P-2024-003","電池パック","法定期限 / 依頼 No.2「拒絶理由通知への応答」","手続期限","未完了","",""',
    );
    expect(lines[2]).toBe(
      '"2026-11-27","2026-11-27","P-2024-001","燃料電池用セパレータ","審査請求期限","手続期限","未完了","佐藤 太郎","特許法第48条の3第1項"',
    );
    expect(lines[4]).toContain('"2027-01-04","2026-12-29"');
    expect(lines).toHaveLength(soonestFirst.length + 2);
    expect(api.queries.map((query) => query.get('cursor'))).toEqual([null, '2', '4']);
    expect(lines.at(-1)).toBe('');
  });

  it("an office reads its docket: its requests' deadlines from /patent, its own filters in the URL, CSV, no decisions", async () => {
    const docket = [
      overdue,
      deadline({
        key: `request:${requestId}:user`,
        date: '2026-12-10',
        origin: 'requestUser',
        kind: 'internal',
        request: { number: 2, name: '拒絶理由通知への応答' },
        refrenceCode: 'P-2024-003',
        projectTitle: '電池パック',
      }),
    ];
    const officeOptions = {
      clients: [{ id: '0d4f8e21-6a73-4b84-9d95-aeb0c1d2e3f4', name: '株式会社ミライ電池' }],
      members: [{ id: '1e5a9f32-7b84-4c95-8ea6-bfc1d2e3f405', name: '鈴木 一郎' }],
    };
    const queries: URLSearchParams[] = [];
    const clientCalls: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const pathname = new URL(request.url).pathname;
      if (pathname.startsWith('/user/')) clientCalls.push(pathname);
    };
    server.events.on('request:start', onRequest);
    server.use(
      handlerFor(
        deadlineEndpoints.listDeadlines,
        ({ request }) => {
          const query = new URL(request.url).searchParams;
          queries.push(query);
          return listAnswer(query.get('kind') === 'internal' ? docket.slice(1) : docket);
        },
        { namespace: 'patent' },
      ),
      handlerFor(firmEndpoints.getOwnFirm, () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
      handlerFor(deadlineEndpoints.officeDeadlineFilterOptions, () =>
        HttpResponse.json({ hasError: false, message: '', item: officeOptions }),
      ),
    );
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const app = renderApp('/terms', { session: patentSession, apiUser: makeUser({ userType: 'PATENT' }) });
      await app.findByRole('table', { name: '期限切れ' }, slow);
      expect(app.getByText(/貴事務所宛ての依頼の期限/)).toBeInTheDocument();
      // The client side decides on deadlines and sets reminders: none of that here.
      expect(app.queryByRole('button', { name: /完了/ })).toBeNull();
      expect(app.queryByRole('columnheader', { name: '操作' })).toBeNull();
      expect(app.queryByLabelText('担当者')).toBeNull();
      expect(app.queryByLabelText('事務所')).toBeNull();
      expect(app.queryByRole('link', { name: 'お知らせの設定' })).toBeNull();
      expect(app.getByRole('link', { name: 'カレンダーに登録（ICS）' })).toHaveAttribute(
        'href',
        '/terms/calendar',
      );
      // Its own filters: its clients, and its members who entered a date.
      const client = app.getByLabelText('依頼元');
      await waitFor(() =>
        expect(within(client).getByRole('option', { name: '株式会社ミライ電池' })).toBeInTheDocument(),
      );
      await app.user.selectOptions(client, officeOptions.clients[0]!.id);
      await waitFor(() => expect(queries.at(-1)?.get('organizationId')).toBe(officeOptions.clients[0]!.id));
      await app.user.selectOptions(app.getByLabelText('入力者'), officeOptions.members[0]!.id);
      await waitFor(() => expect(queries.at(-1)?.get('enteredByUserId')).toBe(officeOptions.members[0]!.id));
      await app.user.selectOptions(app.getByLabelText('依頼元'), '');
      await app.user.selectOptions(app.getByLabelText('入力者'), '');
      await app.user.selectOptions(app.getByLabelText('種類'), 'internal');
      await waitFor(() => expect(app.location()).toBe('/terms?kind=internal'));
      await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('internal'));
      await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const text = new TextDecoder().decode(new Uint8Array(await blob!.arrayBuffer()).slice(3));
      expect(text.split('\r\n')[1]).toContain('"2026-12-10","2026-12-10","P-2024-003","電池パック"');
      expect(clientCalls).toEqual([]);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });
});

describe('/terms: deadlines closed by the matter’s facts', { timeout: 60_000 }, () => {
  /** 特許第7234567号's examination request, due 2024-06-17: the registration proves it was made. */
  const closed = deadline({
    key: 'jp.patent.examinationRequest',
    projectId: pctId,
    refrenceCode: 'P-2021-010',
    projectTitle: '半導体パッケージの放熱構造',
    date: '2024-06-17',
    plainDate: '2024-06-15',
    shift: { reason: 'weekend' },
    ruleId: 'jp.patent.examinationRequest',
    nameKey: 'deadline.jp.patent.examinationRequest.name',
    state: 'closed',
    closedBy: { how: 'implied', fact: 'registration', date: '2023-05-10' },
  });

  it('lists them as past, never overdue, with the fact that closed them and nothing to mark', async () => {
    deadlinesApi([closed, ...soonestFirst]);
    const app = renderApp('/terms?state=all', { apiUser: me });
    await app.findByRole('table', { name: '経過済み' }, slow);
    expect(groupHeadings(app)).toEqual([
      '経過済み 1 件',
      '期限切れ 1 件',
      '今週 1 件',
      '今月 1 件',
      'それ以降 2 件',
    ]);
    const row = within(app.getByRole('table', { name: '経過済み' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('登録（2023/05/10）により完了');
    expect(row).not.toHaveTextContent('未完了');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(app.missingKeys).toEqual([]);
  });

  it('says so in English too, and offers them as a filter', async () => {
    const api = deadlinesApi([closed]);
    const app = renderApp('/terms?state=closed', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    await app.findByRole('table', { name: 'Past' }, slow);
    expect(api.last()).toMatchObject({ state: 'closed' });
    expect(app.getByRole('row', { name: /Examination request deadline/ })).toHaveTextContent(
      'Completed by registration (2023-05-10)',
    );
    expect(app.getByRole('option', { name: "Closed by the matter's record" })).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });
});
