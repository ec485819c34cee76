import { deadlineEndpoints, pensionEndpoints } from '@ipportal/domain';
import type { DeadlineItem, PensionEntry, PensionMatter, PensionOverview } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp, type RenderedApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

/*
 * An annuity year's "let lapse" is one decision, its deadline's state: taken on /terms it shows on
 * /pension, taken on /pension it shows on /terms, each without a reload (the other page's cached
 * data is refetched). The server is a fake holding that one state.
 */

const slow = { timeout: 20_000 };
const projectId = '5a0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a05';
const key = 'jp.patent.annuity#4';

/** The year's deadline state on the fake server. */
let lapse: { reason: string } | null = null;
let listCalls = 0;
let overviewCalls = 0;

function entry(): PensionEntry {
  return {
    key,
    ruleId: 'jp.patent.annuity',
    nameKey: 'deadline.jp.patent.annuity.name',
    year: 4,
    throughYear: null,
    dueDate: '2027-05-11',
    plainDate: '2027-05-11',
    shift: null,
    opensOn: null,
    lateUntil: '2027-11-11',
    state: lapse ? 'lapse' : 'open',
    fee: { amount: 16_700, lateAmount: 33_400, currency: 'JPY', reduction: null, sources: [] },
    feeMissing: null,
    split: null,
    decision: lapse ? 'lapse' : null,
    decisionReason: lapse?.reason ?? null,
    confirmed: true,
    caveatKey: null,
    source: { ja: '特許法第108条第2項', en: 'Patent Act (Japan) Art. 108(2)' },
  };
}

function matter(): PensionMatter {
  return {
    projectId,
    refrenceCode: 'P-2021-010',
    title: '放熱構造',
    type: 0,
    regionCode: 1,
    registDate: '2023-05-10',
    claims: 8,
    classes: null,
    feeReduction: null,
    paidThroughYear: 3,
    entries: [entry()],
    payments: [],
    lapse: null,
    forecast: [],
  };
}

function overview(): PensionOverview {
  return { today: '2026-11-26', matters: [matter()], byCalendarYear: [], forecast: [] };
}

function item(): DeadlineItem {
  return {
    projectId,
    key,
    refrenceCode: 'P-2021-010',
    projectTitle: '放熱構造',
    caseType: 0,
    regionCode: 1,
    origin: 'rule',
    kind: 'payment',
    scope: 'pension',
    ruleId: 'jp.patent.annuity',
    year: 4,
    nameKey: 'deadline.jp.patent.annuity.name',
    name: null,
    request: null,
    date: '2027-05-11',
    plainDate: '2027-05-11',
    shift: null,
    opensOn: null,
    lateUntil: '2027-11-11',
    ruleConfirmed: true,
    legalSource: null,
    state: lapse ? 'lapsed' : 'open',
    stateBy: lapse ? { id: 'u1', name: 'Alice' } : null,
    stateAt: lapse ? '2026-11-26T01:00:00.000Z' : null,
    lapseReason: lapse?.reason ?? null,
    completedOn: null,
    completionNote: null,
    evidenceUrl: null,
    enteredBy: null,
    confirmedBy: null,
    confirmedAt: null,
  };
}

beforeAll(async () => {
  // /pension's page is another feature's: the router loads it on the first visit.
  await import('./terms-page');
}, 60_000);

beforeEach(() => {
  lapse = null;
  listCalls = 0;
  overviewCalls = 0;
  server.use(
    handlerFor(pensionEndpoints.getPensionOverview, () => {
      overviewCalls += 1;
      return HttpResponse.json({ hasError: false, message: '', item: overview() });
    }),
    handlerFor(
      pensionEndpoints.setPensionDecision,
      async ({ request }) => {
        const body = (await request.json()) as { decision: 'pay' | 'lapse'; reason?: string };
        lapse = body.decision === 'lapse' ? { reason: body.reason ?? '' } : null;
        return HttpResponse.json({ hasError: false, message: '', item: matter() });
      },
      { params: { projectId, year: 4 } },
    ),
    handlerFor(deadlineEndpoints.deadlineFilterOptions, () =>
      HttpResponse.json({ hasError: false, message: '', item: { assignees: [], offices: [] } }),
    ),
    handlerFor(
      deadlineEndpoints.listDeadlines,
      ({ request }) => {
        listCalls += 1;
        const state = new URL(request.url).searchParams.get('state') ?? 'open';
        const current = item();
        const items = state === 'all' || state === current.state ? [current] : [];
        return HttpResponse.json({ hasError: false, message: '', items, nextCursor: null });
      },
      { namespace: 'user' },
    ),
    handlerFor(
      deadlineEndpoints.setDeadlineState,
      async ({ request }) => {
        const body = (await request.json()) as { key: string; state: string; reason?: string };
        lapse = body.state === 'lapsed' ? { reason: body.reason ?? '' } : null;
        return HttpResponse.json({ hasError: false, message: '', item: item() });
      },
      { params: { projectId } },
    ),
  );
});

const yearRow = async (app: RenderedApp, name: RegExp) => {
  const card = await app.findByRole('region', { name: /P-2021-010/ }, slow);
  return within(card).getByRole('row', { name });
};

const termsRow = (app: RenderedApp) => app.container.querySelector(`tr[data-key="${key}"]`);

describe('let lapse: one decision on /terms and /pension', { timeout: 60_000 }, () => {
  it('a lapse on /terms shows on /pension as 納付しない with its reason, without a reload', async () => {
    const app = renderApp('/pension', { apiUser: makeUser() });
    expect(await yearRow(app, /第4年分/)).toHaveTextContent('未判断');
    const overviewsBefore = overviewCalls;

    await app.router.navigate('/terms');
    await waitFor(() => expect(termsRow(app)).not.toBeNull(), slow);
    await app.user.click(within(termsRow(app) as HTMLElement).getByRole('button', { name: /^失効させる / }));
    const dialog = await app.findByRole('dialog', { name: /失効させる（納付しない）/ });
    expect(dialog).toHaveTextContent('年金管理でもこの年分は「納付しない」と表示されます。');
    await app.user.type(within(dialog).getByRole('textbox', { name: /理由/ }), '事業撤退のため');
    await app.user.click(within(dialog).getByRole('button', { name: '失効させる' }));
    // Gone from the open deadlines.
    await waitFor(() => expect(termsRow(app)).toBeNull(), slow);

    await app.router.navigate('/pension');
    const row = await yearRow(app, /第4年分/);
    await waitFor(() => expect(row).toHaveTextContent('理由：事業撤退のため'), slow);
    expect(row).toHaveTextContent('納付しない');
    expect(overviewCalls).toBeGreaterThan(overviewsBefore);
    // The lapse can be taken back from here.
    expect(within(row).getByRole('button', { name: '納付に戻す' })).toBeInTheDocument();
  });

  it('a lapse on /pension leaves the open deadlines of /terms, without a reload (en)', async () => {
    const app = renderApp('/terms', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    await waitFor(() => expect(termsRow(app)).not.toBeNull(), slow);
    const listsBefore = listCalls;

    await app.router.navigate('/pension');
    const row = await yearRow(app, /Year 4/);
    // Undecided: nothing to take back, only the lapse is offered.
    expect(within(row).queryByRole('button', { name: 'Pay after all' })).toBeNull();
    await app.user.click(within(row).getByRole('button', { name: 'Let lapse…' }));
    const dialog = await app.findByRole('dialog', { name: /Let the right lapse: Year 4/ });
    expect(dialog).toHaveTextContent('Deadline management shows the deadline as let lapse too');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Product discontinued');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decide to let it lapse' }));
    await waitFor(() => expect(app.queryByRole('dialog')).toBeNull(), slow);

    await app.router.navigate('/terms');
    await waitFor(() => expect(listCalls).toBeGreaterThan(listsBefore), slow);
    await waitFor(() => expect(termsRow(app)).toBeNull(), slow);
  });
});
