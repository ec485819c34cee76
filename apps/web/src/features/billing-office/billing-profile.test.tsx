import { billingProfileEndpoints } from '@ipportal/domain';
import type { BillingProfileBody } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { asOffice, billingProfile, ok, slow } from './test-support';
import { handlerFor } from '../../../test/handler-for';

beforeAll(async () => {
  await import('./firm-pages');
}, 60_000);

describe('/invoice/firm/billing-profile', { timeout: 60_000 }, () => {
  it('checks the registration number with the domain schema before saving; normalizes full-width input; explains withholding', async () => {
    const saved: BillingProfileBody[] = [];
    server.use(
      handlerFor(billingProfileEndpoints.getBillingProfile, () =>
        ok({ item: billingProfile({ qualifiedInvoiceNumber: null, individual: false, bankAccount: null }) }),
      ),
      handlerFor(billingProfileEndpoints.updateBillingProfile, async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return ok({ item: { ...billingProfile(), ...body, qualifiedInvoiceNumber: 'T1234567890123' } });
      }),
    );
    const app = renderApp('/invoice/firm/billing-profile', asOffice);
    await app.findByRole('heading', { level: 1, name: '請求書の発行設定' }, slow);
    const number = await app.findByLabelText(/適格請求書発行事業者の登録番号/, {}, slow);
    await app.user.type(number, 'T12345');
    await app.user.click(app.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription(/登録番号は T と 13 桁の数字で入力してください/),
    );
    expect(number).toHaveFocus();
    expect(saved).toHaveLength(0);

    // An individual attorney: the client withholds income tax, and the form says so.
    const individual = app.getByRole('radio', { name: /個人の弁理士/ });
    expect(individual).toHaveAccessibleDescription(/所得税を源泉徴収します/);
    await app.user.click(individual);
    await app.user.clear(number);
    await app.user.type(number, 'ｔ１２３４－５６７８９０１２３');
    await app.user.type(app.getByLabelText(/振込先口座/), 'みずほ銀行 丸の内支店 普通 1234567');
    await app.user.click(app.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toEqual({
      qualifiedInvoiceNumber: 'ｔ１２３４－５６７８９０１２３',
      individual: true,
      bankAccount: 'みずほ銀行 丸の内支店 普通 1234567',
      invoiceNotes: null,
    });
    await waitFor(() => expect(number).toHaveValue('T1234567890123'));
    expect(app.missingKeys).toEqual([]);
  });

  it('shows the server’s field errors (en)', async () => {
    server.use(
      handlerFor(billingProfileEndpoints.getBillingProfile, () => ok({ item: billingProfile() })),
      handlerFor(billingProfileEndpoints.updateBillingProfile, () =>
        HttpResponse.json(
          {
            hasError: true,
            message: 'Check your input',
            errors: [{ path: 'bankAccount', message: 'Please enter at most 500 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    const app = renderApp('/invoice/firm/billing-profile', { ...asOffice, locale: 'en' });
    const form = within(await app.findByRole('main', {}, slow));
    await app.user.click(await form.findByRole('button', { name: 'Save' }, slow));
    await waitFor(() =>
      expect(form.getByLabelText(/Bank account for transfers/)).toHaveAccessibleDescription(
        /Please enter at most 500 characters/,
      ),
    );
    expect(app.missingKeys).toEqual([]);
  });
});
