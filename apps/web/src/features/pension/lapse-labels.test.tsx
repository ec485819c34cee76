import { deadlineEndpoints, pensionEndpoints } from '@ipportal/domain';
import type { DeadlineItem, DeadlineListResponse, PensionEntry, PensionMatter } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDeadlineItem, makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

/*
 * A right whose late period passed unpaid reads as lapsed: 「消滅（追納期間経過）」 on /pension,
 * with the restoration window and its last day, and on /terms beside the year it lapsed for.
 */

const slow = { timeout: 20_000 };
const projectId = '5a0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a05';

function entry(year: number, state: PensionEntry['state']): PensionEntry {
  return {
    key: `jp.patent.annuity#${year}`,
    ruleId: 'jp.patent.annuity',
    nameKey: 'deadline.jp.patent.annuity.name',
    year,
    throughYear: null,
    dueDate: `${2020 + year}-12-17`,
    plainDate: `${2020 + year}-12-17`,
    shift: null,
    opensOn: null,
    lateUntil: `${2021 + year}-06-17`,
    state,
    fee: { amount: 27_300, lateAmount: 54_600, currency: 'JPY', reduction: null, sources: [] },
    feeMissing: null,
    split: null,
    decision: null,
    decisionReason: null,
    confirmed: true,
    caveatKey: null,
    source: { ja: '特許法第108条第2項', en: 'Patent Act (Japan) Art. 108(2)' },
  };
}

const lapsed: PensionMatter = {
  projectId,
  refrenceCode: 'P-2018-007',
  title: '冷却ファンの制御装置',
  type: 0,
  regionCode: 1,
  registDate: '2019-12-17',
  claims: 6,
  classes: null,
  feeReduction: null,
  paidThroughYear: 6,
  entries: [entry(7, 'missed'), entry(8, 'ended')],
  payments: [],
  lapse: {
    key: 'jp.patent.annuity#7',
    year: 7,
    fact: 'jpLatePaymentPassed',
    lateUntil: '2026-06-17',
    source: { ja: '特許法第112条第4項', en: 'Patent Act (Japan) Art. 112(4)' },
    restoration: {
      key: 'jp.patent.restoration#7',
      ruleId: 'jp.patent.restoration',
      nameKey: 'deadline.jp.patent.restoration.name',
      opensOn: '2026-06-18',
      dueDate: '2027-06-17',
      passed: false,
      confirmed: true,
      caveatKey: null,
      source: { ja: '特許法第112条の2第1項', en: 'Patent Act (Japan) Art. 112-2(1)' },
    },
  },
  forecast: [1, 5, 10].map((years) => ({ years, totals: [] })),
};

function pensionApi() {
  server.use(
    handlerFor(pensionEndpoints.getPensionOverview, () =>
      HttpResponse.json({
        hasError: false,
        message: '',
        item: { today: '2026-11-26', matters: [lapsed], byCalendarYear: [], forecast: lapsed.forecast },
      }),
    ),
  );
}

function deadline(extra: Partial<DeadlineItem> & Pick<DeadlineItem, 'key' | 'date'>): DeadlineItem {
  return makeDeadlineItem({
    projectId,
    refrenceCode: 'P-2018-007',
    projectTitle: '冷却ファンの制御装置',
    kind: 'payment',
    scope: 'pension',
    ...extra,
  });
}

function termsApi() {
  const items = [
    deadline({
      key: 'jp.patent.annuity#7',
      date: '2025-12-17',
      ruleId: 'jp.patent.annuity',
      year: 7,
      nameKey: 'deadline.jp.patent.annuity.name',
      lateUntil: '2026-06-17',
      state: 'closed',
      closedBy: { how: 'lapsed', fact: 'jpLatePaymentPassed', date: '2026-06-17' },
    }),
    deadline({
      key: 'jp.patent.restoration#7',
      date: '2027-06-17',
      ruleId: 'jp.patent.restoration',
      year: 7,
      nameKey: 'deadline.jp.patent.restoration.name',
      opensOn: '2026-06-18',
    }),
  ];
  server.use(
    handlerFor(deadlineEndpoints.deadlineFilterOptions, () =>
      HttpResponse.json({ hasError: false, message: '', item: { assignees: [], offices: [] } }),
    ),
    handlerFor(
      deadlineEndpoints.listDeadlines,
      ({ request }) => {
        const state = new URL(request.url).searchParams.get('state') ?? 'open';
        const body: DeadlineListResponse = {
          hasError: false,
          message: '',
          items: items.filter((item) => state === 'all' || item.state === state),
          nextCursor: null,
        };
        return HttpResponse.json(body);
      },
      { namespace: 'user' },
    ),
  );
}

beforeAll(async () => {
  await import('./pension-page');
}, 60_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T12:00:00+09:00'));
});
afterEach(() => vi.useRealTimers());

describe('a lapsed right', { timeout: 60_000 }, () => {
  it('/pension flags it as lapsed, with the restoration window and its last day', async () => {
    pensionApi();
    const app = renderApp('/pension', { apiUser: makeUser() });
    const card = await app.findByRole('region', { name: /P-2018-007/ }, slow);
    const note = within(card).getByRole('note', { name: '権利の消滅' });
    expect(note).toHaveTextContent('消滅（追納期間経過）');
    expect(note).toHaveTextContent('特許法第112条第4項');
    expect(note).toHaveTextContent('特許権の回復期限（特許料の追納）：2026/06/18から2027/06/17まで');
    expect(within(card).getByRole('row', { name: /第7年分/ })).toHaveTextContent('消滅（追納期間経過）');
    const later = within(card).getByRole('row', { name: /第8年分/ });
    expect(later).toHaveTextContent('不要（権利消滅）');
    expect(within(later).queryAllByRole('button')).toEqual([]);
    expect(app.missingKeys).toEqual([]);
  });

  it('reads the same in English', async () => {
    pensionApi();
    const app = renderApp('/pension', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const card = await app.findByRole('region', { name: /P-2018-007/ }, slow);
    const note = within(card).getByRole('note', { name: 'Right lapsed' });
    expect(note).toHaveTextContent('Lapsed (late-payment period passed)');
    expect(note).toHaveTextContent('Restoration of the patent (late annuity): from');
    expect(within(card).getByRole('row', { name: /Year 8/ })).toHaveTextContent('Not owed (right lapsed)');
    expect(app.missingKeys).toEqual([]);
  });

  it('/terms shows the lapse beside the year, and the restoration as the deadline ahead', async () => {
    termsApi();
    const app = renderApp('/terms?state=all', { apiUser: makeUser() });
    const past = await app.findByRole('table', { name: '経過済み' }, slow);
    const row = within(past).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('消滅（追納期間経過）');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(app.getByRole('row', { name: /特許権の回復期限/ })).toHaveTextContent('2027年6月17日');
    expect(app.missingKeys).toEqual([]);
  });
});
