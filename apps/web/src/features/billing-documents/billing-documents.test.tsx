import { within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { makeDeal, makeInvoice } from '../../../test/billing-fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EstimateDocument, InvoiceDocument } from './index';

const slow = { timeout: 20_000 };

describe('printable documents', { timeout: 60_000 }, () => {
  it('an estimate shows both parties, the registration number, lines with their FX, totals per tax class and withholding (ja)', async () => {
    const app = renderWithProviders(
      <Suspense fallback="…">
        <EstimateDocument deal={makeDeal()} />
      </Suspense>,
    );
    const sheet = await app.findByRole('article', { name: '御見積書 Q-2026-0007' }, slow);
    expect(sheet).toHaveTextContent('株式会社サンプル 御中');
    expect(sheet).toHaveTextContent('山田特許事務所');
    expect(sheet).toHaveTextContent('登録番号 T1234567890123');
    expect(sheet).toHaveTextContent('有効期限2026年12月31日');
    const lines = within(sheet).getByRole('table', { name: '明細' });
    const foreign = within(lines).getByRole('row', { name: /現地代理人費用/ });
    expect(foreign).toHaveTextContent('USD');
    expect(foreign).toHaveTextContent('1 USD = 150.25円');
    expect(foreign).toHaveTextContent('￥180,300');
    expect(within(lines).getByRole('row', { name: /印紙代/ })).toHaveTextContent('非課税');
    const totals = within(sheet).getByRole('table', { name: '合計' });
    expect(within(totals).getByRole('row', { name: /10%対象 消費税/ })).toHaveTextContent('￥30,000');
    expect(within(totals).getByRole('row', { name: /源泉徴収税額/ })).toHaveTextContent('￥30,630');
    expect(within(totals).getByRole('row', { name: /差引ご請求額/ })).toHaveTextContent('￥493,670');
    expect(sheet).toHaveTextContent('為替レートは変わることがあり');
    expect(app.missingKeys).toEqual([]);
  });

  it('a declined estimate is stamped with its reason; a superseded one says so (en)', async () => {
    const app = renderWithProviders(
      <Suspense fallback="…">
        <EstimateDocument deal={makeDeal({ status: 'declined', declineReason: 'Too expensive' })} />
      </Suspense>,
      { locale: 'en' },
    );
    const sheet = await app.findByRole('article', { name: 'Estimate Q-2026-0007' }, slow);
    expect(within(sheet).getByRole('note')).toHaveTextContent(
      'This estimate was declined. Reason: Too expensive',
    );
    expect(sheet).toHaveTextContent('Valid until31 Dec 2026');
    expect(sheet).toHaveTextContent('Sample Co., Ltd.');
  });

  it('an invoice shows issue, transaction and due dates, the bank account, and a void stamp with the reason', async () => {
    const app = renderWithProviders(
      <Suspense fallback="…">
        <InvoiceDocument invoice={makeInvoice({ status: 'void', voidReason: '宛名の誤り' })} />
      </Suspense>,
    );
    const sheet = await app.findByRole('article', { name: '請求書 INV-2026-0012' }, slow);
    expect(sheet).toHaveTextContent('適格請求書');
    expect(sheet).toHaveTextContent('発行日2026年11月26日');
    expect(sheet).toHaveTextContent('取引年月日2026年11月25日');
    expect(sheet).toHaveTextContent('お支払期限2026年12月31日');
    expect(within(sheet).getByRole('region', { name: 'お振込先' })).toHaveTextContent('みずほ銀行');
    expect(within(sheet).getByRole('note')).toHaveTextContent('この請求書は無効です。理由: 宛名の誤り');
    expect(app.missingKeys).toEqual([]);
  });
});
