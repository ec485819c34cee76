import {
  foreignFeeCurrencies,
  pensionForecastTotals,
  type ForecastPayment,
  type ForecastRate,
  type PensionForecast,
  type PensionOverview,
  pensionEndpoints,
  pensionForecastEndpoints,
} from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { handlerFor } from '../../../../test/handler-for';

const slow = { timeout: 20_000 };
const ids = {
  jp: '5a0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a05',
  us: '6b1d0f2e-8a05-4c55-9a3e-5a0c5b7e2a41',
  ep: '7c2e1f3a-9b16-4d66-8b4f-6c1e0a3f9b52',
};
const today = '2026-11-26';
const payments: ForecastPayment[] = [
  { projectId: ids.jp, regionCode: 1, dueDate: '2027-05-11', amount: 16_700, currency: 'JPY' },
  { projectId: ids.us, regionCode: 2, dueDate: '2027-07-23', amount: 2_150, currency: 'USD' },
  { projectId: ids.ep, regionCode: 201, dueDate: '2027-06-30', amount: 690, currency: 'EUR' },
];
const titles: Record<string, [string, string]> = {
  [ids.jp]: ['P-JP', '放熱構造'],
  [ids.us]: ['P-US', 'Heat sink'],
  [ids.ep]: ['P-EP', 'Kühlkörper'],
};

/** The forecast the API would answer: the domain's own totals over the payments above. */
function forecastOf(rates: (ForecastRate & { setOn: string })[], abandoned: string[] = []): PensionForecast {
  const totals = pensionForecastTotals({ payments, rates, abandoned: new Set(abandoned), today });
  return {
    today,
    firstYear: totals.firstYear,
    lastYear: totals.lastYear,
    sharedWith: 'organization',
    canSetRates: true,
    currencies: [...foreignFeeCurrencies],
    rates,
    total: totals.total,
    saving: totals.saving,
    byYear: totals.byYear,
    byRegion: totals.byRegion,
    matters: totals.byMatter.map((m) => ({
      ...m,
      refrenceCode: titles[m.projectId]![0],
      title: titles[m.projectId]![1],
      regionCode: payments.find((p) => p.projectId === m.projectId)!.regionCode,
    })),
  };
}

const emptyOverview: PensionOverview = { today, matters: [], byCalendarYear: [], forecast: [] };
/** The page lists the forecast above the matters; one registered matter with nothing left to pay. */
const aMatter: PensionOverview['matters'][number] = {
  projectId: ids.jp,
  refrenceCode: 'P-JP',
  title: '放熱構造',
  type: 0,
  regionCode: 1,
  registDate: '2023-05-10',
  claims: 8,
  classes: null,
  feeReduction: null,
  paidThroughYear: 3,
  entries: [],
  payments: [],
  lapse: null,
  forecast: [],
};
const rates = [
  { currency: 'EUR', rate: '162.5', setOn: '2026-11-20' },
  { currency: 'USD', rate: '150.25', setOn: '2026-11-20' },
];

/** /pension with a matter (so the forecast shows) and the forecast handlers given. */
function serve(...handlers: Parameters<typeof server.use>) {
  server.use(
    handlerFor(pensionEndpoints.getPensionOverview, () =>
      HttpResponse.json({
        hasError: false,
        message: '',
        item: { ...emptyOverview, matters: [aMatter] },
      }),
    ),
    ...handlers,
  );
}

beforeAll(async () => {
  await import('./pension-forecast-card');
}, 60_000);

describe('/pension forecast', { timeout: 60_000 }, () => {
  it('without rates: no yen total, the foreign sums as charged, and which rates are missing', async () => {
    serve(
      handlerFor(pensionForecastEndpoints.getPensionForecast, () =>
        HttpResponse.json({ hasError: false, message: '', item: forecastOf([]) }),
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser() });
    const total = await app.findByTestId('forecast-total', {}, slow);
    expect(total).toHaveTextContent('円換算なし');
    expect(total).toHaveTextContent('内訳: ￥16,700 + €690.00 + $2,150.00');
    expect(app.getByRole('status')).toHaveTextContent('EUR, USD の為替レートが設定されていないため');
    expect(app.getByText(/すべての為替レートを設定すると表示されます/)).toBeInTheDocument();
    const byYear = app.getByRole('table', { name: '年ごとの納付予定額' });
    expect(within(byYear).getByRole('row', { name: /2027年/ })).toHaveTextContent('円換算なし');
  });

  it('with rates: the yen total, the rates used with the day they were set, per year and per country (en)', async () => {
    serve(
      handlerFor(pensionForecastEndpoints.getPensionForecast, () =>
        HttpResponse.json({ hasError: false, message: '', item: forecastOf(rates) }),
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const total = await app.findByTestId('forecast-total', {}, slow);
    // 16,700 + 690 × 162.5 (112,125) + 2,150 × 150.25 (323,037.5 → 323,038)
    expect(total).toHaveTextContent('JP¥451,863');
    expect(total).toHaveTextContent('As charged: JP¥16,700 + €690.00 + US$2,150.00');
    expect(
      app.getByText(/1 EUR = 162.5 yen \(set 20 Nov 2026\) \/ 1 USD = 150.25 yen \(set 20 Nov 2026\)/),
    ).toBeInTheDocument();
    const byRegion = app.getByRole('table', { name: 'Annuities per country or region (10 years)' });
    expect(within(byRegion).getByRole('row', { name: /United States/ })).toHaveTextContent('JP¥323,038');
    expect(
      await app.findByText('Annuities per year (yen, by country or region)', {}, slow),
    ).toBeInTheDocument();
  });

  it('ticking "to be abandoned" sends the matter and shows the saving; unticking takes it back', async () => {
    let current = forecastOf(rates);
    const bodies: unknown[] = [];
    serve(
      handlerFor(pensionForecastEndpoints.getPensionForecast, () =>
        HttpResponse.json({ hasError: false, message: '', item: current }),
      ),
      handlerFor(pensionForecastEndpoints.setForecastAbandoned, async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        current = forecastOf(rates, body.abandoned ? body.projectIds : []);
        return HttpResponse.json({ hasError: false, message: '', item: current });
      }),
    );
    const app = renderApp('/pension', { apiUser: makeUser() });
    const box = await app.findByRole('checkbox', { name: 'P-US を放棄予定にする' }, slow);
    expect(app.queryByTestId('forecast-saving')).toBeNull();
    await app.user.click(box);
    const saving = await app.findByTestId('forecast-saving', {}, slow);
    expect(saving).toHaveTextContent('￥323,038');
    expect(app.getByTestId('forecast-total')).toHaveTextContent('￥128,825');
    await waitFor(() => expect(app.getByRole('checkbox', { name: 'P-US を放棄予定にする' })).toBeChecked());
    await app.user.click(app.getByRole('checkbox', { name: 'P-US を放棄予定にする' }));
    await waitFor(() => expect(app.queryByTestId('forecast-saving')).toBeNull(), slow);
    expect(bodies).toEqual([
      { projectIds: [ids.us], abandoned: true },
      { projectIds: [ids.us], abandoned: false },
    ]);
  });

  it("the administrator sets a rate; the server's reason shows on the field", async () => {
    const bodies: unknown[] = [];
    serve(
      handlerFor(pensionForecastEndpoints.getPensionForecast, () =>
        HttpResponse.json({ hasError: false, message: '', item: forecastOf([]) }),
      ),
      handlerFor(pensionForecastEndpoints.setExchangeRates, async ({ request }) => {
        const body = (await request.json()) as { rates: { currency: string; rate: string }[] };
        bodies.push(body);
        if (body.rates[0]!.rate === '0')
          return HttpResponse.json(
            {
              hasError: true,
              message: '入力内容を確認してください',
              errors: [{ path: 'rates.0.rate', message: '為替レートは 0 より大きい数値で入力してください' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({
          hasError: false,
          message: '',
          item: forecastOf([{ currency: 'USD', rate: '150.25', setOn: today }]),
        });
      }),
    );
    const app = renderApp('/pension', { apiUser: makeUser() });
    const usd = await app.findByRole('textbox', { name: 'USD' }, slow);
    await app.user.type(usd, '0');
    await app.user.click(app.getByRole('button', { name: 'レートを保存' }));
    expect(
      await app.findByText('為替レートは 0 より大きい数値で入力してください', {}, slow),
    ).toBeInTheDocument();
    await app.user.clear(usd);
    await app.user.type(usd, '150.25');
    await app.user.click(app.getByRole('button', { name: 'レートを保存' }));
    expect(await app.findByText(/1 USD = 150.25 円（2026\/11\/26 設定）/, {}, slow)).toBeInTheDocument();
    expect(bodies).toEqual([
      { rates: [{ currency: 'USD', rate: '0' }] },
      { rates: [{ currency: 'USD', rate: '150.25' }] },
    ]);
  });
});
