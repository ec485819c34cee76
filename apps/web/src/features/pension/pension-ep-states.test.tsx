import { pensionEndpoints } from '@ipportal/domain';
import type { PensionEntry, PensionMatter, PensionOverview } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const projectId = '7b1c5b7e-2a41-4c55-9a3e-6b1d0f2e8a07';

/** One national renewal fee of a validated European patent, as the API answers it. */
function national(
  state: 'DE' | 'FR' | 'GB' | 'IT' | 'ES',
  year: number,
  amount: number,
  currency: 'EUR' | 'GBP',
  confirmed = true,
): PensionEntry {
  const ruleId = `ep.national.${state}.renewalFee`;
  return {
    key: `${ruleId}#${year}`,
    ruleId,
    nameKey: `deadline.${ruleId}.name`,
    year,
    throughYear: null,
    dueDate: `${2021 + year}-03-31`,
    plainDate: `${2021 + year}-03-31`,
    shift: null,
    opensOn: null,
    lateUntil: `${2021 + year}-09-30`,
    state: 'open',
    fee: { amount, lateAmount: amount, currency, reduction: null, sources: [] },
    feeMissing: null,
    split: null,
    decision: null,
    decisionReason: null,
    confirmed,
    caveatKey: 'deadline.caveat.noOfficeCalendar',
    source: { ja: 'EPC第141条', en: 'EPC Art. 141' },
  };
}

const entries = [
  national('DE', 6, 150, 'EUR'),
  national('FR', 6, 76, 'EUR'),
  national('GB', 6, 90, 'GBP'),
  national('IT', 6, 90, 'EUR'),
  // Spain's table was read from a secondary text only.
  national('ES', 6, 66.41, 'EUR', false),
];

const matter: PensionMatter = {
  projectId,
  refrenceCode: 'EP-2022-001',
  title: '電池セル冷却構造',
  type: 0,
  regionCode: 3,
  registDate: '2025-06-11',
  claims: 12,
  classes: null,
  feeReduction: null,
  paidThroughYear: 4,
  entries,
  payments: [],
  lapse: null,
  forecast: [
    {
      years: 1,
      totals: [
        { currency: 'EUR', amount: 226 },
        { currency: 'GBP', amount: 90 },
      ],
    },
  ],
};

const overview: PensionOverview = {
  today: '2026-11-29',
  matters: [matter],
  byCalendarYear: [
    { calendarYear: 2027, currency: 'EUR', amount: 226 },
    { calendarYear: 2027, currency: 'GBP', amount: 90 },
  ],
  forecast: [1, 5, 10].map((years) => ({
    years,
    totals: [
      { currency: 'EUR' as const, amount: 226 },
      { currency: 'GBP' as const, amount: 90 },
    ],
  })),
};

beforeAll(async () => {
  await import('./pension-page');
}, 60_000);

describe('/pension: a European patent validated in several states', { timeout: 60_000 }, () => {
  it('lists each state per year with its fee in its own currency, and totals per currency', async () => {
    server.use(
      handlerFor(pensionEndpoints.getPensionOverview, () =>
        HttpResponse.json({ hasError: false, message: '', item: overview }),
      ),
    );
    const app = renderApp('/pension', { apiUser: makeUser() });
    const germany = await app.findByRole('row', { name: /（ドイツ）/ }, slow);
    expect(germany).toHaveTextContent('€150');
    expect(app.getByRole('row', { name: /（フランス）/ })).toHaveTextContent('€76');
    const uk = app.getByRole('row', { name: /（英国）/ });
    expect(uk).toHaveTextContent('£90');
    expect(within(uk).getByText('年金（更新手数料）の納付期限（英国）')).toBeInTheDocument();
    // The offices' closed days are not applied: said once, discreetly, under the table.
    expect(app.getAllByText(/この庁の休日による期限の繰り延べは反映していません/)).toHaveLength(1);
    expect(app.getAllByText(/£90/).length).toBeGreaterThan(1);
    // Italy from its official table; Spain's amount in cents, said to come from a secondary text.
    const italy = app.getByRole('row', { name: /（イタリア）/ });
    expect(italy).toHaveTextContent('€90');
    expect(within(italy).queryByText(/二次資料に基づく/)).toBeNull();
    const spain = app.getByRole('row', { name: /（スペイン）/ });
    expect(spain).toHaveTextContent('€66.41');
    expect(within(spain).getByText('公式の条文は未確認（二次資料に基づく）')).toBeInTheDocument();
  });
});
