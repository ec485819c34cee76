import { invoiceEndpoints, paymentEndpoints } from '@ipportal/domain';
import type { MatchPaymentBody } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { handlerFor } from '../../../test/handler-for';

import { beforeAll, describe, expect, it } from 'vitest';
import { billingIds, makeInvoiceSummary, makePayment } from '../../../test/billing-fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { asOffice, ok, slow } from './test-support';

beforeAll(async () => {
  await import('./firm-pages');
}, 60_000);

const second = 'e0000000-0000-4000-8000-000000000002';

describe('/invoice/firm/payments', { timeout: 60_000 }, () => {
  it('filters unmatched transfers, matches one to two invoices (a partial payment), then confirms receipt', async () => {
    const unmatched = makePayment({
      recordedBy: 'office',
      amount: 600_000,
      remitterName: 'カ）サンプル',
      allocations: [],
      unallocated: 600_000,
      recordedByUser: null,
    });
    let current = unmatched;
    const queries: string[] = [];
    const matches: MatchPaymentBody[] = [];
    let confirmed = 0;
    server.use(
      handlerFor(
        paymentEndpoints.listPayments,
        ({ request }) => {
          queries.push(new URL(request.url).searchParams.get('matched') ?? '');
          return ok({ items: [current], total: 1 });
        },
        { namespace: 'patent' },
      ),
      handlerFor(paymentEndpoints.listCounterparties, () => ok({ items: [] }), { namespace: 'patent' }),
      handlerFor(
        invoiceEndpoints.listInvoices,
        ({ request }) => {
          const query = new URL(request.url).searchParams;
          expect(query.get('view')).toBe('unpaid');
          expect(query.get('counterpartyId')).toBe(billingIds.clientId);
          return ok({
            items: [
              makeInvoiceSummary(),
              makeInvoiceSummary({
                id: second,
                number: 'INV-2026-0013',
                balance: 220_000,
                amountToTransfer: 220_000,
              }),
            ],
            total: 2,
            balanceSum: 713_670,
          });
        },
        { namespace: 'patent' },
      ),
      handlerFor(
        paymentEndpoints.matchPayment,
        async ({ request }) => {
          const body = await request.json();
          matches.push(body);
          current = {
            ...unmatched,
            allocations: [
              { invoiceId: billingIds.invoiceId, invoiceNumber: 'INV-2026-0012', amount: 493_670 },
              { invoiceId: second, invoiceNumber: 'INV-2026-0013', amount: 106_330 },
            ],
            unallocated: 0,
          };
          return ok({ item: current });
        },
        { params: { paymentId: unmatched.id } },
      ),
      handlerFor(
        paymentEndpoints.confirmPayment,
        () => {
          confirmed += 1;
          current = { ...current, status: 'confirmed', confirmedAt: '2026-11-27T03:00:00.000Z' };
          return ok({ item: current });
        },
        { params: { paymentId: unmatched.id } },
      ),
    );
    const app = renderApp('/invoice/firm/payments', asOffice);
    await app.findByRole('heading', { level: 1, name: '入金管理' }, slow);
    await app.user.selectOptions(await app.findByLabelText('消し込み', {}, slow), 'unmatched');
    await waitFor(() => expect(queries).toContain('unmatched'));
    const row = await app.findByRole('row', { name: /カ）サンプル/ }, slow);
    expect(within(row).getByRole('button', { name: 'カ）サンプル の振込の入金を確認' })).toBeDisabled();
    await app.user.click(within(row).getByRole('button', { name: 'カ）サンプル の振込を消し込む' }));

    const dialog = within(await app.findByRole('dialog', { name: '振込を請求書に消し込む' }, slow));
    // Ticking proposes the balance, then what is left of the transfer (a partial payment).
    await app.user.click(await dialog.findByRole('checkbox', { name: /INV-2026-0012/ }, slow));
    await app.user.click(dialog.getByRole('checkbox', { name: /INV-2026-0013/ }));
    expect(dialog.getByLabelText('INV-2026-0012 への充当額')).toHaveValue('493670');
    expect(dialog.getByLabelText('INV-2026-0013 への充当額')).toHaveValue('106330');
    expect(dialog.getByText(/充当合計 ￥600,000 \/ 入金額 ￥600,000（未充当 ￥0）/)).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(matches).toHaveLength(1), slow);
    expect(matches[0]).toEqual({
      allocations: [
        { invoiceId: billingIds.invoiceId, amount: 493_670 },
        { invoiceId: second, amount: 106_330 },
      ],
    });
    await waitFor(() => expect(app.queryByRole('dialog')).toBeNull(), slow);

    const matched = await app.findByRole('row', { name: /INV-2026-0013/ }, slow);
    await app.user.click(within(matched).getByRole('button', { name: 'カ）サンプル の振込の入金を確認' }));
    const confirm = await app.findByRole('alertdialog', { name: '入金を確認しますか？' });
    await app.user.click(within(confirm).getByRole('button', { name: '入金を確認' }));
    await waitFor(() => expect(confirmed).toBe(1), slow);
    expect(app.missingKeys).toEqual([]);
  });
});
