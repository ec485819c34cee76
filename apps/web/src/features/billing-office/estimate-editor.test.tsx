import { dealEndpoints, invoiceEndpoints } from '@ipportal/domain';
import type { DealDraftBody } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingIds, makeDeal } from '../../../test/billing-fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { asOffice, ok, serveRequestTab, slow, tabPath } from './test-support';
import { handlerFor } from '../../../test/handler-for';

beforeAll(async () => {
  // The first lazy import of the tab is slow in vitest's module runner.
  await import('./office-billing');
}, 60_000);

describe('the estimate editor (office)', { timeout: 60_000 }, () => {
  it('drafts lines (foreign currency, reordered), previews the totals with withholding, then saves and sends after confirming', async () => {
    serveRequestTab();
    const created: DealDraftBody[] = [];
    let sent = 0;
    const draft = makeDeal({ status: 'draft', sentAt: null });
    server.use(
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(
        dealEndpoints.createDeal,
        async ({ request }) => {
          created.push(await request.json());
          return ok({ item: draft }, 201);
        },
        { params: { projectId: billingIds.projectId, requestId: billingIds.requestId } },
      ),
      handlerFor(
        dealEndpoints.sendDeal,
        () => {
          sent += 1;
          return ok({ item: makeDeal() });
        },
        {
          params: {
            projectId: billingIds.projectId,
            requestId: billingIds.requestId,
            dealId: billingIds.dealId,
          },
        },
      ),
      handlerFor(dealEndpoints.getDeal, () => ok({ item: sent ? makeDeal() : draft }), {
        namespace: 'patent',
        params: {
          projectId: billingIds.projectId,
          requestId: billingIds.requestId,
          dealId: billingIds.dealId,
        },
      }),
    );
    const app = renderApp(`${tabPath}?new=estimate`, asOffice);
    const editor = await app.findByRole('region', { name: '新しい見積書（下書き）' }, slow);
    const form = within(editor);
    await app.user.type(form.getByLabelText(/件名/), '米国特許出願（放熱構造）');

    const line = (n: number) => within(form.getByRole('listitem', { name: `明細 ${n}` }));
    await app.user.type(line(1).getByLabelText(/品目・内容/), '現地代理人費用');
    await app.user.clear(line(1).getByLabelText(/数量/));
    await app.user.type(line(1).getByLabelText(/数量/), '2');
    await app.user.type(line(1).getByLabelText(/単価/), '600.00');
    await app.user.selectOptions(line(1).getByLabelText(/税区分/), 'outOfScope');
    await app.user.selectOptions(line(1).getByLabelText(/通貨/), 'USD');
    await app.user.type(line(1).getByLabelText(/レート/), '150.25');
    expect(line(1).getByText('円換算 ￥180,300')).toBeInTheDocument();

    await app.user.click(form.getByRole('button', { name: '明細を追加' }));
    await app.user.type(line(2).getByLabelText(/品目・内容/), '米国出願手数料');
    await app.user.type(line(2).getByLabelText(/単価/), '300000');
    await app.user.click(form.getByRole('button', { name: '明細を追加' }));
    await app.user.type(line(3).getByLabelText(/品目・内容/), '印紙代');
    await app.user.type(line(3).getByLabelText(/単価/), '14000');
    await app.user.selectOptions(line(3).getByLabelText(/税区分/), 'nonTaxable');
    // The fee first: move it up.
    await app.user.click(form.getByRole('button', { name: '明細 2 を上へ' }));
    expect(line(1).getByLabelText(/品目・内容/)).toHaveValue('米国出願手数料');
    expect(line(2).getByLabelText(/品目・内容/)).toHaveValue('現地代理人費用');

    // The preview: tax once on the 10% subtotal; an individual attorney's fee is withheld.
    const totals = within(form.getByRole('region', { name: '合計（プレビュー）' }));
    expect(totals.getByText(/サーバーが計算した金額が記録されます/)).toBeInTheDocument();
    const figure = (label: RegExp) => totals.getByText(label).nextElementSibling?.textContent;
    expect(figure(/^消費税（10%）$/)).toBe('￥30,000');
    expect(figure(/^合計（税込）$/)).toBe('￥524,300');
    expect(figure(/^源泉徴収税額/)).toBe('−￥30,630');
    expect(figure(/^差引請求額/)).toBe('￥493,670');
    expect(form.getByText(/外貨建ての明細があります/)).toBeInTheDocument();

    await app.user.click(form.getByRole('button', { name: '依頼者に送付…' }));
    const dialog = await app.findByRole('alertdialog', { name: 'この見積書を送付しますか？' });
    expect(dialog).toHaveTextContent('送付した見積書は変更できません');
    expect(created).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: '送付する' }));
    await waitFor(() => expect(sent).toBe(1), slow);
    expect(created).toEqual([
      {
        title: '米国特許出願（放熱構造）',
        validUntil: null,
        lines: [
          {
            description: '米国出願手数料',
            quantity: '1',
            unitPrice: '300000',
            taxClass: 'taxable10',
            currency: 'JPY',
            exchangeRate: null,
          },
          {
            description: '現地代理人費用',
            quantity: '2',
            unitPrice: '600.00',
            taxClass: 'outOfScope',
            currency: 'USD',
            exchangeRate: '150.25',
          },
          {
            description: '印紙代',
            quantity: '1',
            unitPrice: '14000',
            taxClass: 'nonTaxable',
            currency: 'JPY',
            exchangeRate: null,
          },
        ],
      },
    ]);
    // The sent estimate opens as stored, with the way to revise or withdraw it.
    const view = await app.findByRole('region', { name: '見積書 Q-2026-0007 第1版' }, slow);
    expect(within(view).getByRole('button', { name: '改訂版を作成' })).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: '取り下げる' })).toBeInTheDocument();
    expect(app.location()).toBe(`${tabPath}?deal=${billingIds.dealId}`);
    expect(app.missingKeys).toEqual([]);
  });

  it('reads amounts as Japanese users type them (３００，０００ and 300,000): previewed and sent as 300000', async () => {
    serveRequestTab();
    const created: DealDraftBody[] = [];
    server.use(
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(
        dealEndpoints.createDeal,
        async ({ request }) => {
          created.push(await request.json());
          return ok({ item: makeDeal({ status: 'draft', sentAt: null }) }, 201);
        },
        { params: { projectId: billingIds.projectId, requestId: billingIds.requestId } },
      ),
      handlerFor(dealEndpoints.getDeal, () => ok({ item: makeDeal({ status: 'draft', sentAt: null }) }), {
        namespace: 'patent',
        params: {
          projectId: billingIds.projectId,
          requestId: billingIds.requestId,
          dealId: billingIds.dealId,
        },
      }),
    );
    const app = renderApp(`${tabPath}?new=estimate`, asOffice);
    const editor = within(await app.findByRole('region', { name: '新しい見積書（下書き）' }, slow));
    await app.user.type(editor.getByLabelText(/件名/), '見積');
    const line = (n: number) => within(editor.getByRole('listitem', { name: `明細 ${n}` }));
    await app.user.type(line(1).getByLabelText(/品目・内容/), '出願手数料');
    await app.user.type(line(1).getByLabelText(/単価/), '３００，０００');
    await app.user.click(editor.getByRole('button', { name: '明細を追加' }));
    await app.user.type(line(2).getByLabelText(/品目・内容/), '中間手数料');
    await app.user.clear(line(2).getByLabelText(/数量/));
    await app.user.type(line(2).getByLabelText(/数量/), '１');
    await app.user.type(line(2).getByLabelText(/単価/), '300,000');
    const totals = within(editor.getByRole('region', { name: '合計（プレビュー）' }));
    expect(totals.getByText(/^合計（税込）$/).nextElementSibling?.textContent).toBe('￥660,000');
    await app.user.click(editor.getByRole('button', { name: '下書きを保存' }));
    await waitFor(() => expect(created).toHaveLength(1), slow);
    expect(created[0]?.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([
      ['1', '300000'],
      ['1', '300000'],
    ]);
  });

  it('shows the server’s validation errors on the lines they name', async () => {
    serveRequestTab();
    server.use(
      handlerFor(dealEndpoints.listRequestDeals, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(invoiceEndpoints.listRequestInvoices, () => ok({ items: [] }), {
        namespace: 'patent',
        params: { projectId: billingIds.projectId, requestId: billingIds.requestId },
      }),
      handlerFor(
        dealEndpoints.createDeal,
        () =>
          HttpResponse.json(
            {
              hasError: true,
              message: '入力内容に誤りがあります',
              errors: [{ path: 'lines.0.unitPrice', message: '円の金額は整数で入力してください' }],
            },
            { status: 400 },
          ),
        { params: { projectId: billingIds.projectId, requestId: billingIds.requestId } },
      ),
    );
    const app = renderApp(`${tabPath}?new=estimate`, asOffice);
    const editor = within(await app.findByRole('region', { name: '新しい見積書（下書き）' }, slow));
    await app.user.type(editor.getByLabelText(/件名/), '見積');
    const line = within(editor.getByRole('listitem', { name: '明細 1' }));
    await app.user.type(line.getByLabelText(/品目・内容/), '手数料');
    await app.user.type(line.getByLabelText(/単価/), '1000.5');
    await app.user.click(editor.getByRole('button', { name: '下書きを保存' }));
    const price = line.getByLabelText(/単価/);
    await waitFor(() => expect(price).toHaveAccessibleDescription('円の金額は整数で入力してください'), slow);
    expect(price).toHaveFocus();
  });
});
