import { invoiceEndpoints, paymentEndpoints } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeInvoiceSummary } from '../../../test/billing-fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { asOffice, ok, slow } from './test-support';
import { handlerFor } from '../../../test/handler-for';

beforeAll(async () => {
  await import('./firm-pages');
}, 60_000);

const paidId = 'e0000000-0000-4000-8000-000000000003';

describe('/invoice/firm/issued', { timeout: 60_000 }, () => {
  it('lists every issued invoice, paid ones too, filtered by payment state kept in the URL, with its CSV', async () => {
    const lists: URLSearchParams[] = [];
    const exports: URLSearchParams[] = [];
    server.use(
      handlerFor(paymentEndpoints.listCounterparties, () => ok({ items: [] }), { namespace: 'patent' }),
      handlerFor(
        invoiceEndpoints.listInvoices,
        ({ request }) => {
          const query = new URL(request.url).searchParams;
          lists.push(query);
          const unpaid = makeInvoiceSummary();
          const paid = makeInvoiceSummary({
            id: paidId,
            number: 'INV-2026-0013',
            status: 'paid',
            paidAmount: 110_000,
            balance: 0,
          });
          const items = query.get('state') === 'paid' ? [paid] : [unpaid, paid];
          return ok({ items, total: items.length, balanceSum: 0 });
        },
        { namespace: 'patent' },
      ),
      handlerFor(
        invoiceEndpoints.exportInvoices,
        ({ request }) => {
          exports.push(new URL(request.url).searchParams);
          return new HttpResponse('\ufeff番号\r\nINV-2026-0013\r\n', {
            headers: { 'content-type': 'text/csv; charset=utf-8' },
          });
        },
        { namespace: 'patent' },
      ),
    );
    const app = renderApp('/invoice/firm/issued?state=paid&from=2026-11-01', asOffice);
    await app.findByRole('heading', { level: 1, name: '発行済み請求書' }, slow);
    // Opened from a shared URL: the paid ones, of November on.
    const table = await app.findByRole('table', {}, slow);
    expect(await within(table).findByText('INV-2026-0013', {}, slow)).toBeInTheDocument();
    expect(within(table).queryByText('INV-2026-0012')).toBeNull();
    expect(within(table).getByText('入金済み')).toBeInTheDocument();
    expect(lists.at(-1)?.get('view')).toBe('issued');
    expect(lists.at(-1)?.get('state')).toBe('paid');
    expect(lists.at(-1)?.get('from')).toBe('2026-11-01');
    expect(app.getByLabelText('入金状況')).toHaveValue('paid');

    await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]?.get('view')).toBe('issued');
    expect(exports[0]?.get('state')).toBe('paid');

    // Every state: paid and unpaid alike, and the URL says so.
    await app.user.selectOptions(app.getByLabelText('入金状況'), '');
    await waitFor(() => expect(app.router.state.location.search).not.toContain('state='));
    expect(await within(app.getByRole('table')).findByText('INV-2026-0012', {}, slow)).toBeInTheDocument();
    expect(app.router.state.location.search).toContain('from=2026-11-01');
    await app.user.selectOptions(app.getByLabelText('入金状況'), 'partlyPaid');
    await waitFor(() => expect(lists.at(-1)?.get('state')).toBe('partlyPaid'));
    expect(app.router.state.location.search).toContain('state=partlyPaid');
  });

  it('offers the states in English too', async () => {
    server.use(
      handlerFor(paymentEndpoints.listCounterparties, () => ok({ items: [] }), { namespace: 'patent' }),
      handlerFor(invoiceEndpoints.listInvoices, () => ok({ items: [], total: 0, balanceSum: 0 }), {
        namespace: 'patent',
      }),
    );
    const app = renderApp('/invoice/firm/issued', { ...asOffice, locale: 'en' });
    const select = await app.findByLabelText('Payment status', {}, slow);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Unpaid', 'Partly paid', 'Paid', 'Void']);
  });
});

describe('/invoice/firm/overdue', { timeout: 60_000 }, () => {
  it('pages beyond 100 rows, and keeps the search and the page in the URL', async () => {
    const lists: URLSearchParams[] = [];
    server.use(
      handlerFor(paymentEndpoints.listCounterparties, () => ok({ items: [] }), { namespace: 'patent' }),
      handlerFor(
        invoiceEndpoints.listInvoices,
        ({ request }) => {
          const query = new URL(request.url).searchParams;
          lists.push(query);
          const offset = Number(query.get('offset'));
          const item = makeInvoiceSummary({ number: `INV-2026-${String(offset + 1).padStart(4, '0')}` });
          return ok({ items: [item], total: 250, balanceSum: 0 });
        },
        { namespace: 'patent' },
      ),
    );
    const app = renderApp('/invoice/firm/overdue?q=%E5%B1%B1%E7%94%B0', asOffice);
    const table = await app.findByRole('table', {}, slow);
    expect(await within(table).findByText('INV-2026-0001', {}, slow)).toBeInTheDocument();
    expect(lists.at(-1)?.get('view')).toBe('overdue');
    expect(lists.at(-1)?.get('q')).toBe('山田');
    expect(lists.at(-1)?.get('offset')).toBe('0');
    expect(lists.at(-1)?.get('limit')).toBe('100');

    // 250 rows: three pages. The third asks from row 201 and the URL says so.
    const pages = app.getByRole('navigation', { name: 'ページ送り' });
    await app.user.click(within(pages).getByRole('button', { name: '3 ページ' }));
    expect(await within(app.getByRole('table')).findByText('INV-2026-0201', {}, slow)).toBeInTheDocument();
    expect(lists.at(-1)?.get('offset')).toBe('200');
    expect(app.router.state.location.search).toContain('page=3');
    expect(app.router.state.location.search).toContain('q=');

    // A new search starts again on page 1.
    const search = app.getByRole('search');
    await app.user.clear(within(search).getByLabelText('キーワード'));
    await app.user.click(within(search).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(app.router.state.location.search).not.toContain('page='));
    expect(lists.at(-1)?.get('offset')).toBe('0');
    expect(lists.at(-1)?.has('q')).toBe(false);
  });
});
