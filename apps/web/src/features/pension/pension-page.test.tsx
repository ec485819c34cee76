import { pensionEndpoints } from '@ipportal/domain';
import type { PensionEntry, PensionMatter, PensionOverview } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const projectId = '5a0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a05';

function entry(year: number, extra: Partial<PensionEntry> = {}): PensionEntry {
  return {
    key: `jp.patent.annuity#${year}`,
    ruleId: 'jp.patent.annuity',
    nameKey: 'deadline.jp.patent.annuity.name',
    year,
    throughYear: null,
    dueDate: `${2022 + year}-05-11`,
    plainDate: `${2022 + year}-05-11`,
    shift: null,
    opensOn: null,
    lateUntil: `${2022 + year}-11-11`,
    state: 'open',
    fee: { amount: 16_700, lateAmount: 33_400, currency: 'JPY', reduction: null, sources: [] },
    feeMissing: null,
    split: null,
    decision: null,
    decisionReason: null,
    confirmed: true,
    caveatKey: null,
    source: { ja: '特許法第108条第2項', en: 'Patent Act (Japan) Art. 108(2)' },
    ...extra,
  };
}

function matter(entries: PensionEntry[]): PensionMatter {
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
    entries,
    payments: [],
    lapse: null,
    forecast: [{ years: 1, totals: [{ currency: 'JPY', amount: 16_700 }] }],
  };
}

function overview(m: PensionMatter): PensionOverview {
  return {
    today: '2026-11-26',
    matters: [m],
    byCalendarYear: [{ calendarYear: 2027, currency: 'JPY', amount: 16_700 }],
    forecast: [1, 5, 10].map((years) => ({ years, totals: [{ currency: 'JPY' as const, amount: 16_700 }] })),
  };
}

beforeAll(async () => {
  await import('./pension-page');
}, 60_000);

describe('/pension', { timeout: 60_000 }, () => {
  it('shows each year with its moved due date, why it moved, and the official fee', async () => {
    const moved = entry(4, {
      dueDate: '2026-05-11',
      plainDate: '2026-05-10',
      shift: { reason: 'weekend' },
    });
    server.use(
      handlerFor(pensionEndpoints.getPensionOverview, () =>
        HttpResponse.json({ hasError: false, message: '', item: overview(matter([moved, entry(5)])) }),
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser() });
    const card = await app.findByRole('region', { name: /P-2021-010/ }, slow);
    const row = within(card).getByRole('row', { name: /第4年分/ });
    expect(row).toHaveTextContent('2026/05/11');
    expect(row).toHaveTextContent('本来の期限 2026/05/10');
    expect(row).toHaveTextContent('土日のため繰り延べ');
    expect(row).toHaveTextContent('￥16,700');
  });

  it('opened again, the page reads the schedule again: a date saved on the matter meanwhile shows', async () => {
    let current = matter([entry(4)]);
    server.use(
      handlerFor(pensionEndpoints.getPensionOverview, () =>
        HttpResponse.json({ hasError: false, message: '', item: overview(current) }),
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser() });
    const card = await app.findByRole('region', { name: /P-2021-010/ }, slow);
    expect(within(card).getByRole('row', { name: /第4年分/ })).toHaveTextContent('2026/05/11');
    await app.router.navigate('/terms');
    await app.findByRole('heading', { level: 1, name: '期限管理' }, slow);
    // The registration date was corrected on the matter's page: year 4 now falls a month later.
    current = matter([entry(4, { dueDate: '2026-06-11', plainDate: '2026-06-11' })]);
    await app.router.navigate('/pension');
    const again = await app.findByRole('region', { name: /P-2021-010/ }, slow);
    await waitFor(
      () => expect(within(again).getByRole('row', { name: /第4年分/ })).toHaveTextContent('2026/06/11'),
      slow,
    );
  });

  it('in English one claim reads singular, several plural', async () => {
    server.use(
      handlerFor(pensionEndpoints.getPensionOverview, () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          item: { ...overview(matter([entry(4)])), matters: [{ ...matter([entry(4)]), claims: 1 }] },
        }),
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const card = await app.findByRole('region', { name: /P-2021-010/ }, slow);
    expect(within(card).getByText('1 claim')).toBeInTheDocument();
  });

  it('letting a year lapse sends the reason and shows the decision (en)', async () => {
    let current = matter([entry(4)]);
    const bodies: unknown[] = [];
    server.use(
      handlerFor(pensionEndpoints.getPensionOverview, () =>
        HttpResponse.json({ hasError: false, message: '', item: overview(current) }),
      ),
      handlerFor(
        pensionEndpoints.setPensionDecision,
        async ({ request }) => {
          const body = (await request.json()) as { decision: 'lapse'; reason: string };
          bodies.push(body);
          current = matter([entry(4, { state: 'lapse', decision: 'lapse', decisionReason: body.reason })]);
          return HttpResponse.json({ hasError: false, message: '', item: current });
        },
        { params: { projectId, year: 4 } },
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const card = await app.findByRole('region', { name: /P-2021-010/ }, slow);
    await app.user.click(within(card).getByRole('button', { name: 'Let lapse…' }));
    const dialog = await app.findByRole('dialog', { name: /Let the right lapse: Year 4/ });
    await app.user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Product discontinued');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decide to let it lapse' }));
    expect(await within(card).findByText('Reason: Product discontinued', {}, slow)).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'lapse', reason: 'Product discontinued' }]);
  });

  it('a lapse is taken back with "Pay after all"; a year marked done on /terms reads as paying (en)', async () => {
    const lapsed = { state: 'lapse', decision: 'lapse', decisionReason: 'Licence ended' } as const;
    let current = matter([entry(4, lapsed), entry(5, { decision: 'pay' })]);
    const bodies: unknown[] = [];
    server.use(
      handlerFor(pensionEndpoints.getPensionOverview, () =>
        HttpResponse.json({ hasError: false, message: '', item: overview(current) }),
      ),
      handlerFor(
        pensionEndpoints.setPensionDecision,
        async ({ request }) => {
          bodies.push(await request.json());
          current = matter([entry(4), entry(5, { decision: 'pay' })]);
          return HttpResponse.json({ hasError: false, message: '', item: current });
        },
        { params: { projectId, year: 4 } },
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const card = await app.findByRole('region', { name: /P-2021-010/ }, slow);
    const done = within(card).getByRole('row', { name: /Year 5/ });
    expect(done).toHaveTextContent('Pay (marked done)');
    expect(within(done).queryByRole('button', { name: 'Pay after all' })).toBeNull();
    const row = within(card).getByRole('row', { name: /Year 4/ });
    expect(row).toHaveTextContent('Reason: Licence ended');
    await app.user.click(within(row).getByRole('button', { name: 'Pay after all' }));
    expect(await within(row).findByText('Not decided', {}, slow)).toBeInTheDocument();
    expect(row).not.toHaveTextContent('Licence ended');
    expect(within(row).queryByRole('button', { name: 'Pay after all' })).toBeNull();
    expect(bodies).toEqual([{ decision: 'pay' }]);
  });
});
