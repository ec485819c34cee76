import { dealEndpoints, invoiceEndpoints } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingIds, makeInvoice, makeInvoiceSummary } from '../../../test/billing-fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { asOffice, ok, serveRequestTab, slow, tabPath } from './test-support';
import { handlerFor } from '../../../test/handler-for';

beforeAll(async () => {
  // The first lazy import of the tab is slow in vitest's module runner.
  await import('./office-billing');
}, 60_000);

describe('issuing an invoice (office)', { timeout: 60_000 }, () => {
  it('asks first, saying it can never change afterwards; cancel issues nothing, confirm issues and shows it as stored', async () => {
    serveRequestTab();
    let issued = 0;
    const draft = makeInvoice({
      status: 'draft',
      number: null,
      issueDate: null,
      issuedAt: null,
      hasPdf: false,
    });
    server.use(
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(
        invoiceEndpoints.listRequestInvoices,
        () =>
          ok({
            items: [makeInvoiceSummary(issued ? {} : { status: 'draft', number: null, issueDate: null })],
          }),
        { namespace: 'patent', params: { projectId: billingIds.projectId, requestId: billingIds.requestId } },
      ),
      handlerFor(invoiceEndpoints.getInvoice, () => ok({ item: issued ? makeInvoice() : draft }), {
        namespace: 'patent',
        params: { invoiceId: billingIds.invoiceId },
      }),
      handlerFor(
        invoiceEndpoints.issueInvoice,
        () => {
          issued += 1;
          return ok({ item: makeInvoice() });
        },
        { params: { invoiceId: billingIds.invoiceId } },
      ),
    );
    const app = renderApp(`${tabPath}?invoice=${billingIds.invoiceId}`, asOffice);
    const editor = within(await app.findByRole('region', { name: '請求書（下書き）' }, slow));
    expect(editor.getByText(/承諾された見積書から明細を写しました/)).toBeInTheDocument();
    expect(editor.getByLabelText(/取引年月日/)).toHaveValue('2026-11-25');
    expect(editor.getAllByRole('listitem')).toHaveLength(3);

    // The draft as last saved, printed as the client will receive it.
    await app.user.click(editor.getByRole('button', { name: '印刷イメージを表示' }));
    expect(await editor.findByRole('article', {}, slow)).toHaveTextContent('登録番号 T1234567890123');

    await app.user.click(editor.getByRole('button', { name: '発行…' }));
    let dialog = await app.findByRole('alertdialog', { name: 'この請求書を発行しますか？' });
    expect(dialog).toHaveTextContent('発行した請求書は二度と変更できません');
    expect(dialog).toHaveTextContent('差引請求額: ￥493,670（プレビュー）');
    // Irreversible: the focus starts on Cancel.
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(app.queryByRole('alertdialog')).toBeNull());
    expect(issued).toBe(0);

    await app.user.click(editor.getByRole('button', { name: '発行…' }));
    dialog = await app.findByRole('alertdialog', { name: 'この請求書を発行しますか？' });
    await app.user.click(within(dialog).getByRole('button', { name: '発行する' }));
    await waitFor(() => expect(issued).toBe(1), slow);
    const view = within(await app.findByRole('region', { name: '請求書 INV-2026-0012' }, slow));
    expect(view.getByRole('link', { name: '印刷用ページを開く' })).toHaveAttribute(
      'href',
      `/invoices/${billingIds.invoiceId}`,
    );
    expect(view.getByRole('button', { name: '無効にする…' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: '返還請求書を作成' })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: '発行…' })).toBeNull();
    expect(app.missingKeys).toEqual([]);
  });

  it('a refusal (billing profile incomplete) shows the server’s reason and keeps the draft', async () => {
    serveRequestTab();
    const draft = makeInvoice({
      status: 'draft',
      number: null,
      issueDate: null,
      issuedAt: null,
      hasPdf: false,
    });
    server.use(
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(invoiceEndpoints.getInvoice, () => ok({ item: draft }), {
        namespace: 'patent',
        params: { invoiceId: billingIds.invoiceId },
      }),
      handlerFor(
        invoiceEndpoints.issueInvoice,
        () =>
          HttpResponse.json(
            { hasError: true, message: '請求書を発行できません\n登録番号と振込先を設定してください' },
            { status: 409 },
          ),
        { params: { invoiceId: billingIds.invoiceId } },
      ),
    );
    const app = renderApp(`${tabPath}?invoice=${billingIds.invoiceId}`, asOffice);
    const editor = within(await app.findByRole('region', { name: '請求書（下書き）' }, slow));
    await app.user.click(editor.getByRole('button', { name: '発行…' }));
    const dialog = await app.findByRole('alertdialog', { name: 'この請求書を発行しますか？' });
    await app.user.click(within(dialog).getByRole('button', { name: '発行する' }));
    expect(await app.findByText('登録番号と振込先を設定してください', {}, slow)).toBeInTheDocument();
    expect(app.getByRole('region', { name: '請求書（下書き）' })).toBeInTheDocument();
  });
});
