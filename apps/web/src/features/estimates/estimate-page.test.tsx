import { dealEndpoints } from '@ipportal/domain';
import type { Deal } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingIds, makeDeal } from '../../../test/billing-fixtures';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const page = `/estimates/${billingIds.projectId}/1/${billingIds.dealId}`;

function serveDeal(get: () => Deal) {
  server.use(
    handlerFor(
      dealEndpoints.getDeal,
      () => HttpResponse.json({ hasError: false, message: '', item: get() }),
      {
        namespace: 'user',
        params: { projectId: billingIds.projectId, requestId: 1, dealId: billingIds.dealId },
      },
    ),
  );
}

beforeAll(async () => {
  await import('./estimate-page');
}, 60_000);

describe('/estimates/{projectId}/{requestId}/{dealId}', { timeout: 60_000 }, () => {
  it('shows the printable estimate; accepting asks first, then the page shows it accepted', async () => {
    let deal = makeDeal();
    let accepted = 0;
    serveDeal(() => deal);
    server.use(
      handlerFor(
        dealEndpoints.acceptDeal,
        () => {
          accepted += 1;
          deal = makeDeal({ status: 'accepted', decidedAt: '2026-11-27T01:00:00.000Z' });
          return HttpResponse.json({ hasError: false, message: '', item: deal });
        },
        { params: { projectId: billingIds.projectId, requestId: 1, dealId: billingIds.dealId } },
      ),
    );
    const app = renderApp(page, { apiUser: makeUser() });
    const sheet = await app.findByRole('article', { name: '御見積書 Q-2026-0007' }, slow);
    expect(sheet).toHaveTextContent('登録番号 T1234567890123');
    expect(
      app.getByText(/この見積書はあなたの回答を待っています。有効期限: 2026年12月31日/),
    ).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'この見積もりで依頼する（承諾）' }));
    const dialog = await app.findByRole('alertdialog', { name: '見積書 Q-2026-0007 を承諾しますか？' });
    expect(dialog).toHaveTextContent('￥524,300');
    await app.user.click(within(dialog).getByRole('button', { name: '承諾する' }));
    await app.findByText('見積書を承諾しました', undefined, slow);
    expect(accepted).toBe(1);
    await waitFor(
      () => expect(app.getByRole('article', { name: /御見積書/ })).toHaveTextContent('承諾済み'),
      slow,
    );
    expect(app.queryByRole('button', { name: /承諾/ })).not.toBeInTheDocument();
  });

  it('a refused acceptance (expired) shows the server reason and changes nothing', async () => {
    serveDeal(() => makeDeal());
    server.use(
      handlerFor(
        dealEndpoints.acceptDeal,
        () =>
          HttpResponse.json(
            {
              hasError: true,
              message:
                '見積書を承諾できませんでした\nこの見積書は有効期限を過ぎています。事務所に改訂版を依頼してください',
            },
            { status: 409 },
          ),
        { params: { projectId: billingIds.projectId, requestId: 1, dealId: billingIds.dealId } },
      ),
    );
    const app = renderApp(page, { apiUser: makeUser() });
    await app.user.click(await app.findByRole('button', { name: 'この見積もりで依頼する（承諾）' }, slow));
    await app.user.click(
      within(await app.findByRole('alertdialog')).getByRole('button', { name: '承諾する' }),
    );
    await app.findByText(/有効期限を過ぎています。事務所に改訂版を依頼してください/, undefined, slow);
    expect(app.getByRole('button', { name: 'この見積もりで依頼する（承諾）' })).toBeInTheDocument();
  });

  it('declining needs a reason, sends it, and the estimate shows declined with it (en)', async () => {
    let deal = makeDeal();
    const bodies: unknown[] = [];
    serveDeal(() => deal);
    server.use(
      handlerFor(
        dealEndpoints.declineDeal,
        async ({ request }) => {
          const body = await request.json();
          bodies.push(body);
          deal = makeDeal({ status: 'declined', declineReason: body.reason });
          return HttpResponse.json({ hasError: false, message: '', item: deal });
        },
        { params: { projectId: billingIds.projectId, requestId: 1, dealId: billingIds.dealId } },
      ),
    );
    const app = renderApp(page, { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    await app.user.click(await app.findByRole('button', { name: 'Decline' }, slow));
    const dialog = await app.findByRole('dialog', { name: 'Decline estimate Q-2026-0007' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Enter a reason for declining')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await app.user.type(within(dialog).getByRole('textbox', { name: /Reason for declining/ }), 'Over budget');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await app.findByText('Estimate declined', undefined, slow);
    expect(bodies).toEqual([{ reason: 'Over budget' }]);
    await waitFor(
      () =>
        expect(app.getByRole('article', { name: 'Estimate Q-2026-0007' })).toHaveTextContent(
          'This estimate was declined. Reason: Over budget',
        ),
      slow,
    );
  });

  it('a decline refused on the reason keeps the dialog and what was typed', async () => {
    serveDeal(() => makeDeal());
    server.use(
      handlerFor(
        dealEndpoints.declineDeal,
        () =>
          HttpResponse.json(
            {
              hasError: true,
              message: '入力内容を確認してください',
              errors: [{ path: 'reason', message: '1000文字以内で入力してください' }],
            },
            { status: 400 },
          ),
        { params: { projectId: billingIds.projectId, requestId: 1, dealId: billingIds.dealId } },
      ),
    );
    const app = renderApp(page, { apiUser: makeUser() });
    await app.user.click(await app.findByRole('button', { name: '辞退する' }, slow));
    const dialog = await app.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: /辞退の理由/ });
    await app.user.type(reason, '予算超過');
    await app.user.click(within(dialog).getByRole('button', { name: '辞退する' }));
    expect(await within(dialog).findByText('1000文字以内で入力してください')).toBeInTheDocument();
    expect(reason).toHaveValue('予算超過');
  });

  it('an unknown estimate reads as not found', async () => {
    server.use(
      handlerFor(
        dealEndpoints.getDeal,
        () => HttpResponse.json({ hasError: true, message: '見積書が見つかりません' }, { status: 404 }),
        {
          namespace: 'user',
          params: { projectId: billingIds.projectId, requestId: 1, dealId: billingIds.dealId },
        },
      ),
    );
    const app = renderApp(page, { apiUser: makeUser() });
    expect(await app.findByRole('heading', { name: '見積書が見つかりません' }, slow)).toBeInTheDocument();
  });
});
