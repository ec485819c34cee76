import { dealEndpoints, invoiceEndpoints } from '@ipportal/domain';
import type { InvoiceDraftBody } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingIds, makeInvoice, makeInvoiceSummary } from '../../../test/billing-fixtures';
import { handlerFor } from '../../../test/handler-for';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { asOffice, ok, serveRequestTab, slow, tabPath } from './test-support';

beforeAll(async () => {
  // The first lazy import of the tab is slow in vitest's module runner.
  await import('./office-billing');
}, 60_000);

const requestParams = { projectId: billingIds.projectId, requestId: billingIds.requestId };
const draft = makeInvoice({ status: 'draft', number: null, issueDate: null, issuedAt: null, hasPdf: false });

/** The tab with one draft invoice; PUT answers with `update`. */
function serveDraftInvoice(update: (body: InvoiceDraftBody) => Response) {
  serveRequestTab();
  server.use(
    handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
      namespace: 'patent',
      params: requestParams,
    }),
    handlerFor(
      invoiceEndpoints.listRequestInvoices,
      () => ok({ items: [makeInvoiceSummary({ status: 'draft', number: null, issueDate: null })] }),
      { namespace: 'patent', params: requestParams },
    ),
    handlerFor(invoiceEndpoints.getInvoice, () => ok({ item: draft }), {
      namespace: 'patent',
      params: { invoiceId: billingIds.invoiceId },
    }),
    handlerFor(invoiceEndpoints.updateInvoice, async ({ request }) => update(await request.json()), {
      params: { invoiceId: billingIds.invoiceId },
    }),
  );
}

describe('the invoice editor (office)', { timeout: 60_000 }, () => {
  it('asks before unsaved input is left for another document, shows the server’s refusal on its field, and Close drops the input', async () => {
    const sent: InvoiceDraftBody[] = [];
    serveDraftInvoice((body) => {
      sent.push(body);
      return HttpResponse.json(
        {
          hasError: true,
          message: '入力内容に誤りがあります',
          errors: [{ path: 'dueDate', message: '支払期限は取引年月日以降の日付にしてください' }],
        },
        { status: 400 },
      );
    });
    const path = `${tabPath}?invoice=${billingIds.invoiceId}`;
    const app = renderApp(path, asOffice);
    const editor = within(await app.findByRole('region', { name: '請求書（下書き）' }, slow));
    await app.user.type(editor.getByLabelText('備考'), '分割払いに応じます');

    // Opening another document would drop the notes: asked first, and kept on "keep editing".
    await app.user.click(app.getByRole('button', { name: '請求書を直接作成' }));
    const ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    await waitFor(() => expect(app.queryByRole('alertdialog')).toBeNull());
    expect(app.location()).toBe(path);
    expect(editor.getByLabelText('備考')).toHaveValue('分割払いに応じます');

    // The server refuses the due date: the message is on that field, which takes the focus.
    await app.user.click(editor.getByRole('button', { name: '下書きを保存' }));
    const dueDate = editor.getByLabelText(/支払期限/);
    await waitFor(
      () => expect(dueDate).toHaveAccessibleDescription(/支払期限は取引年月日以降の日付にしてください/),
      slow,
    );
    expect(dueDate).toHaveFocus();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.notes).toBe('分割払いに応じます');
    expect(app.getByRole('region', { name: '請求書（下書き）' })).toBeInTheDocument();

    // Close is the way to drop the input on purpose: no question.
    await app.user.click(editor.getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(app.location()).toBe(tabPath));
    expect(app.queryByRole('alertdialog')).toBeNull();
    expect(app.queryByRole('region', { name: '請求書（下書き）' })).toBeNull();
    expect(app.missingKeys).toEqual([]);
  });

  it('reads in English: the head fields, the actions and the issue question', async () => {
    serveDraftInvoice(() => ok({ item: draft }));
    const app = renderApp(`${tabPath}?invoice=${billingIds.invoiceId}`, { ...asOffice, locale: 'en' });
    const editor = within(await app.findByRole('region', { name: 'Invoice (draft)' }, slow));
    expect(editor.getByLabelText(/Transaction date/)).toHaveValue('2026-11-25');
    expect(editor.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(editor.getByRole('button', { name: 'Delete draft' })).toBeInTheDocument();
    await app.user.click(editor.getByRole('button', { name: /^Issue/ }));
    const dialog = await app.findByRole('alertdialog', { name: /Issue this invoice/ });
    expect(within(dialog).getByRole('link')).toHaveAttribute('href', '/invoice/firm/billing-profile');
    expect(app.missingKeys).toEqual([]);
  });
});
