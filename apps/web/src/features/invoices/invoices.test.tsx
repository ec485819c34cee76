import {
  conciergeEndpoints,
  dealEndpoints,
  invoiceEndpoints,
  paymentEndpoints,
  requestEndpoints,
} from '@ipportal/domain';
import type { InvoiceSummary } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  billingIds,
  makeCounterparty,
  makeDealSummary,
  makeInvoice,
  makeInvoiceSummary,
  makePayment,
} from '../../../test/billing-fixtures';
import { makeRequestDetail, makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const ok = (body: object) => HttpResponse.json({ hasError: false, message: '', ...body });

const first = makeInvoiceSummary({
  id: 'e0000000-0000-4000-8000-00000000000a',
  number: 'INV-2026-0010',
  dueDate: '2026-10-31',
  overdue: true,
  amountToTransfer: 538_940,
  balance: 538_940,
  withholdingBase: 600_000,
});
const second = makeInvoiceSummary({
  id: 'e0000000-0000-4000-8000-00000000000b',
  number: 'INV-2026-0011',
  dueDate: '2026-12-31',
  amountToTransfer: 538_940,
  balance: 538_940,
  withholdingBase: 600_000,
});
const otherOffice = makeInvoiceSummary({
  id: 'e0000000-0000-4000-8000-00000000000c',
  number: 'B-0003',
  firm: { id: billingIds.otherFirmId, name: '佐藤国際特許事務所' },
  balance: 110_000,
});

function serveInvoices(items: InvoiceSummary[], queries: URLSearchParams[] = []) {
  server.use(
    handlerFor(
      invoiceEndpoints.listInvoices,
      ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return ok({ items, total: items.length, balanceSum: items.reduce((sum, i) => sum + i.balance, 0) });
      },
      { namespace: 'user' },
    ),
    handlerFor(
      paymentEndpoints.listCounterparties,
      () =>
        ok({
          items: [
            makeCounterparty(),
            makeCounterparty({ id: billingIds.otherFirmId, name: '佐藤国際特許事務所', individual: false }),
          ],
        }),
      { namespace: 'user' },
    ),
  );
  return queries;
}

beforeAll(async () => {
  await Promise.all([
    import('./unpaid-invoices-page'),
    import('./invoice-page'),
    import('./payment-history-page'),
    import('./request-billing'),
  ]);
}, 60_000);

/** The concierge's price as the server states it (its fee setting, here 45,000 yen). */
const conciergeFee = { amountYen: 45_000, taxYen: 4_500, totalYen: 49_500 };

describe('the client invoice pages', { timeout: 60_000 }, () => {
  it('the unpaid list marks overdue invoices, filters by office and due date, and sorts on the server', async () => {
    const queries = serveInvoices([first, second, otherOffice]);
    const app = renderApp('/invoice/unpaid-invoice-list', { apiUser: makeUser() });
    const table = await app.findByRole('table', { name: '請求書' }, slow);
    const row = within(table).getByRole('row', { name: /INV-2026-0010/ });
    expect(row).toHaveTextContent('2026/10/31');
    expect(row).toHaveTextContent('期限超過');
    expect(row).toHaveTextContent('￥538,940');
    expect(app.getByText('残額の合計 ￥1,187,880')).toBeInTheDocument();
    expect(queries.at(-1)?.get('view')).toBe('unpaid');
    expect(queries.at(-1)?.get('sort')).toBe('dueDate');
    expect(queries.at(-1)?.get('order')).toBe('asc');

    await app.user.selectOptions(app.getByRole('combobox', { name: '事務所' }), '佐藤国際特許事務所');
    await waitFor(() => expect(queries.at(-1)?.get('counterpartyId')).toBe(billingIds.otherFirmId), slow);
    await app.user.type(app.getByLabelText('支払期限（この日まで）'), '2026-12-01');
    await waitFor(() => expect(queries.at(-1)?.get('dueBy')).toBe('2026-12-01'), slow);
    await app.user.click(app.getByRole('button', { name: /お振込金額/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('total'), slow);
    await app.user.click(app.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(queries.at(-1)?.get('counterpartyId')).toBeNull(), slow);
  });

  it('two offices issuing the same number: every checkbox and link names the issuer with the number', async () => {
    const yamada = makeInvoiceSummary({ id: 'e0000000-0000-4000-8000-0000000000a1', number: 'INV2026-0001' });
    const sato = makeInvoiceSummary({
      id: 'e0000000-0000-4000-8000-0000000000a2',
      number: 'INV2026-0001',
      firm: { id: billingIds.otherFirmId, name: '佐藤国際特許事務所' },
    });
    serveInvoices([yamada, sato]);
    const app = renderApp('/invoice/unpaid-invoice-list', { apiUser: makeUser() });
    await app.findByRole('table', { name: '請求書' }, slow);
    expect(app.getByRole('checkbox', { name: 'INV2026-0001（山田特許事務所） を選択' })).toBeInTheDocument();
    expect(
      app.getByRole('checkbox', { name: 'INV2026-0001（佐藤国際特許事務所） を選択' }),
    ).toBeInTheDocument();
    expect(app.getByRole('link', { name: 'INV2026-0001（佐藤国際特許事務所） を開く' })).toHaveAttribute(
      'href',
      `/invoices/${sato.id}`,
    );
  });

  it('two invoices of one office paid together: the allocation follows the balances, a partial payment leaves a balance, and the withholding warning shows', async () => {
    serveInvoices([first, second, otherOffice]);
    const bodies: unknown[] = [];
    server.use(
      handlerFor(paymentEndpoints.recordPayment, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ hasError: false, message: '', item: makePayment() }, { status: 201 });
      }),
    );
    const app = renderApp('/invoice/unpaid-invoice-list', { apiUser: makeUser() });
    await app.findByRole('table', { name: '請求書' }, slow);
    await app.user.click(app.getByRole('checkbox', { name: 'INV-2026-0010（山田特許事務所） を選択' }));
    await app.user.click(app.getByRole('checkbox', { name: 'B-0003（佐藤国際特許事務所） を選択' }));
    expect(app.getByRole('alert')).toHaveTextContent('まとめて支払えるのは同じ事務所の請求書だけです');
    expect(app.getByRole('button', { name: '選択した請求書をまとめて支払う' })).toBeDisabled();
    await app.user.click(app.getByRole('checkbox', { name: 'B-0003（佐藤国際特許事務所） を選択' }));
    await app.user.click(app.getByRole('checkbox', { name: 'INV-2026-0011（山田特許事務所） を選択' }));
    expect(app.getByText('2 件選択（残額 ￥1,077,880）')).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '選択した請求書をまとめて支払う' }));

    const dialog = await app.findByRole('dialog', { name: '山田特許事務所 への振込を記録' });
    // ¥1,200,000 of fees to one individual attorney at once: above ¥1,000,000.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        '報酬の合計 ￥1,200,000 が 100万円を超え、超える部分の源泉徴収税率は 20.42%',
      ),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '別々に支払う場合の源泉徴収税額 ￥122,520、まとめた場合 ￥142,940',
    );
    const amount = within(dialog).getByRole('textbox', { name: /振込金額/ });
    expect(amount).toHaveValue('1077880');
    const allocation = within(dialog).getByRole('textbox', {
      name: /INV-2026-0011（山田特許事務所） への割り当て/,
    });
    expect(allocation).toHaveValue('538940');
    await app.user.clear(allocation);
    await app.user.type(allocation, '300000');
    expect(amount).toHaveValue('838940');
    expect(dialog).toHaveTextContent('一部の支払い（残額 ￥238,940 が残ります）');
    expect(within(dialog).getByRole('radio', { name: '振込手数料は支払側負担' })).toBeChecked();

    await app.user.click(within(dialog).getByRole('button', { name: '振込を記録' }));
    expect(await within(dialog).findByText('入力してください')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await app.user.type(within(dialog).getByRole('textbox', { name: /振込名義人/ }), 'カ）サンプル');
    await app.user.click(within(dialog).getByRole('button', { name: '振込を記録' }));
    await app.findByText('振込を記録しました。事務所の入金確認をお待ちください', undefined, slow);
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as { paidOn: string }).paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(bodies).toMatchObject([
      {
        amount: 838_940,
        remitterName: 'カ）サンプル',
        bankFeeBorneBy: 'payer',
        allocations: [
          { invoiceId: first.id, amount: 538_940 },
          { invoiceId: second.id, amount: 300_000 },
        ],
      },
    ]);
  });

  it('a payment refused by the server (paid meanwhile) shows its reason and keeps the form as typed (en)', async () => {
    serveInvoices([first, second]);
    server.use(
      handlerFor(paymentEndpoints.recordPayment, () =>
        HttpResponse.json(
          {
            hasError: true,
            message:
              'Could not record the payment\nAn allocation exceeds the invoice balance (it may have been paid by another transfer)',
          },
          { status: 409 },
        ),
      ),
    );
    const app = renderApp('/invoice/unpaid-invoice-list', {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    await app.findByRole('table', { name: 'Invoices' }, slow);
    await app.user.click(app.getByRole('checkbox', { name: 'Select INV-2026-0010 (山田特許事務所)' }));
    await app.user.click(app.getByRole('button', { name: 'Pay the selected invoices together' }));
    const dialog = await app.findByRole('dialog', { name: 'Record a transfer to 山田特許事務所' });
    // One invoice: no collective withholding question.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: /Remitter name/ }), 'SAMPLE CO');
    await app.user.click(within(dialog).getByRole('radio', { name: /payee/i }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Record the transfer' }));
    await app.findByText(/it may have been paid by another transfer/, undefined, slow);
    expect(within(dialog).getByRole('textbox', { name: /Remitter name/ })).toHaveValue('SAMPLE CO');
    expect(within(dialog).getByRole('radio', { name: /payee/i })).toBeChecked();
  });

  it('the invoice page prints and downloads the stored PDF', async () => {
    let pdfAsked = 0;
    server.use(
      handlerFor(invoiceEndpoints.getInvoice, () => ok({ item: makeInvoice({ overdue: true }) }), {
        namespace: 'user',
        params: { invoiceId: billingIds.invoiceId },
      }),
      handlerFor(
        invoiceEndpoints.invoicePdf,
        () => {
          pdfAsked += 1;
          return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
            headers: { 'Content-Type': 'application/pdf' },
          });
        },
        { namespace: 'user', params: { invoiceId: billingIds.invoiceId } },
      ),
    );
    const app = renderApp(`/invoices/${billingIds.invoiceId}`, { apiUser: makeUser() });
    const sheet = await app.findByRole('article', { name: '請求書 INV-2026-0012' }, slow);
    expect(sheet).toHaveTextContent('差引ご請求額（お振込金額）');
    expect(app.getByText('お支払期限を過ぎています')).toBeInTheDocument();
    expect(app.getByRole('button', { name: '印刷' })).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'PDF をダウンロード' }));
    await waitFor(() => expect(pdfAsked).toBe(1), slow);
  });

  it('payment history lists each transfer with its allocations', async () => {
    server.use(
      handlerFor(
        paymentEndpoints.listPayments,
        () =>
          ok({
            items: [makePayment({ status: 'confirmed', confirmedAt: '2026-11-28T01:00:00.000Z' })],
            total: 1,
          }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/invoice/payment-history', { apiUser: makeUser() });
    const table = await app.findByRole('table', { name: '振込の履歴' }, slow);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('2026年11月27日');
    expect(row).toHaveTextContent('INV-2026-0012（山田特許事務所）: ￥493,670');
    expect(row).toHaveTextContent('入金確認済み');
    expect(app.getByRole('link', { name: '支払い履歴' })).toBeInTheDocument();
    expect(app.getByRole('link', { name: '発行履歴' })).toBeInTheDocument();
  });

  it("the request's estimate/billing tab: an estimate request awaits its estimate; the concierge asks before it starts", async () => {
    let started = 0;
    server.use(
      handlerFor(requestEndpoints.getRequest, () => ok({ item: makeRequestDetail() }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(
        conciergeEndpoints.getConcierge,
        () =>
          ok({ item: { state: 'notUsed', firm: null, invoiceId: null, startedAt: null, fee: conciergeFee } }),
        { namespace: 'user', params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
      handlerFor(
        conciergeEndpoints.startConcierge,
        () => {
          started += 1;
          return HttpResponse.json(
            {
              hasError: false,
              message: '',
              item: {
                state: 'awaitingPayment',
                firm: { id: billingIds.otherFirmId, name: 'IPポータル コンシェルジュ' },
                invoiceId: null,
                startedAt: '2026-11-27T01:00:00.000Z',
                fee: conciergeFee,
              },
            },
            { status: 201 },
          );
        },
        { params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${billingIds.projectId}/1/estimate-bill`, { apiUser: makeUser() });
    expect(await app.findByText(/事務所からの見積書を待っています/, undefined, slow)).toBeInTheDocument();
    expect(app.getByText('請求書はまだありません')).toBeInTheDocument();
    // The price, from the server's setting, before the step that cannot be undone.
    const card = app.getByRole('region', { name: 'コンシェルジュ' });
    expect(card).toHaveTextContent('利用料 ￥45,000（税込 ￥49,500）');
    await app.user.click(app.getByRole('button', { name: 'コンシェルジュを利用する' }));
    const dialog = await app.findByRole('alertdialog', { name: 'コンシェルジュを利用しますか？' });
    expect(dialog).toHaveTextContent('利用料 ￥45,000（税込 ￥49,500）');
    expect(dialog).toHaveTextContent('利用料はコンシェルジュから請求書が発行され');
    await app.user.click(within(dialog).getByRole('button', { name: '利用する' }));
    await app.findByText('コンシェルジュの利用を始めました', undefined, slow);
    expect(started).toBe(1);
  });

  it('the concierge card and its question state the price in English too', async () => {
    server.use(
      handlerFor(requestEndpoints.getRequest, () => ok({ item: makeRequestDetail() }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(
        conciergeEndpoints.getConcierge,
        () =>
          ok({ item: { state: 'notUsed', firm: null, invoiceId: null, startedAt: null, fee: conciergeFee } }),
        { namespace: 'user', params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${billingIds.projectId}/1/estimate-bill`, {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    const use = await app.findByRole('button', { name: 'Use the concierge' }, slow);
    expect(app.getByRole('region', { name: 'Concierge' })).toHaveTextContent(
      'Fee JP¥45,000 (JP¥49,500 incl. tax)',
    );
    await app.user.click(use);
    const dialog = await app.findByRole('alertdialog', { name: 'Use the concierge?' });
    expect(dialog).toHaveTextContent('Fee JP¥45,000 (JP¥49,500 incl. tax)');
    expect(app.missingKeys).toEqual([]);
  });

  it('the tab lists estimates and invoices with their state and links', async () => {
    server.use(
      handlerFor(requestEndpoints.getRequest, () => ok({ item: makeRequestDetail() }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [makeDealSummary()] }), {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1 },
      }),
      handlerFor(
        invoiceEndpoints.listRequestInvoices,
        () => ok({ items: [makeInvoiceSummary({ overdue: true })] }),
        { namespace: 'user', params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
      handlerFor(
        conciergeEndpoints.getConcierge,
        () =>
          ok({ item: { state: 'paid', firm: null, invoiceId: null, startedAt: null, fee: conciergeFee } }),
        { namespace: 'user', params: { projectId: billingIds.projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${billingIds.projectId}/1/estimate-bill`, { apiUser: makeUser() });
    const estimate = await app.findByRole('link', { name: 'Q-2026-0007 を開く' }, slow);
    expect(estimate).toHaveAttribute('href', `/estimates/${billingIds.projectId}/1/${billingIds.dealId}`);
    expect(app.getByRole('table', { name: '見積書' })).toHaveTextContent('回答待ち');
    const invoices = app.getByRole('table', { name: '請求書' });
    expect(invoices).toHaveTextContent('期限超過');
    expect(invoices).toHaveTextContent('￥493,670');
    expect(app.getByRole('link', { name: 'INV-2026-0012 を開く' })).toHaveAttribute(
      'href',
      `/invoices/${billingIds.invoiceId}`,
    );
  });
});
