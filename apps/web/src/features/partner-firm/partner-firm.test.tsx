import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { renderApp } from '../../../test/renderWithProviders';
import { firmUser, makeFirm, serveFirm, loadOfficePages } from './test-support';

beforeAll(loadOfficePages, 90_000);

// Few renders per file: in this jsdom setup a worker that has rendered these lazily loaded pages a
// few times left the next page suspended for good (no request made); one file per concern keeps
// each worker fresh. Chromium shows the same flows working (checked with Playwright).
describe('office profile', { timeout: 60_000 }, () => {
  it('/partner-firm shows the account, the office with its directory state, and the settings', async () => {
    serveFirm(makeFirm({ complete: false, address: null }));
    const app = renderApp('/partner-firm', { session: patentSession, apiUser: firmUser });
    expect(await app.findByText('さくら国際特許事務所')).toBeInTheDocument();
    expect(within(app.getByRole('main')).getByText('佐藤 花子')).toBeInTheDocument();
    expect(app.getByText('未掲載（必須項目が未入力です）')).toBeInTheDocument();
    expect(app.getByText('日本語、英語')).toBeInTheDocument();
    expect(app.getByText('特許権、商標権')).toBeInTheDocument();
    expect(app.getByText('半導体、電池')).toBeInTheDocument();
    expect(app.getAllByRole('link', { name: '編集する' })[0]).toHaveAttribute('href', '/edit-partner-firm');
  });

  it('/partner-firm of the concierge office says it is not in the directory, complete as it is', async () => {
    serveFirm(makeFirm({ name: 'IPポータル コンシェルジュ', concierge: true }));
    const app = renderApp('/partner-firm', { session: patentSession, apiUser: firmUser });
    expect(await app.findByText('IPポータル コンシェルジュ')).toBeInTheDocument();
    expect(app.getByText('コンシェルジュ（事務所一覧には掲載されません）')).toBeInTheDocument();
    expect(app.queryByText('事務所一覧に掲載中')).toBeNull();
  });

  it('/edit-partner-firm refuses empty required fields, then the first save creates the office', async () => {
    const puts = serveFirm(null);
    const app = renderApp('/edit-partner-firm', { session: patentSession, apiUser: firmUser });
    const save = await app.findByRole('button', { name: '登録する' });
    await app.user.click(save);
    expect(await app.findByText('入力内容に誤りがあります')).toBeInTheDocument();
    expect(app.getAllByText('必須項目です').length).toBeGreaterThanOrEqual(5);
    expect(app.getAllByText('1つ以上選択してください')).toHaveLength(2);
    expect(puts).toHaveLength(0);

    await app.user.type(app.getByRole('textbox', { name: /事務所名（日本語）/ }), '新しい特許事務所');
    await app.user.selectOptions(app.getByRole('combobox', { name: /事務所種別/ }), 'patentAttorney');
    await app.user.type(app.getByRole('combobox', { name: /国・地域/ }), '日本');
    await app.user.click(await app.findByRole('option', { name: '日本' }));
    await app.user.type(app.getByRole('textbox', { name: /住所/ }), '東京都港区1-1');
    await app.user.type(app.getByRole('textbox', { name: /電話番号/ }), '+81 3-0000-1111');
    await app.user.type(app.getByRole('textbox', { name: /メールアドレス/ }), 'office@new.example');
    const languages = app.getByRole('group', { name: /対応言語/ });
    await app.user.click(within(languages).getByRole('checkbox', { name: '英語' }));
    await app.user.click(within(languages).getByRole('checkbox', { name: '日本語' }));
    await app.user.click(
      within(app.getByRole('group', { name: /取扱分野/ })).getByRole('checkbox', { name: '商標権' }),
    );
    await app.user.type(app.getByRole('textbox', { name: /技術分野/ }), '化学、 材料,{enter}機械');
    await app.user.click(app.getByRole('button', { name: '登録する' }));

    expect(await app.findByText('事務所情報を保存しました')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        name: '新しい特許事務所',
        nameEn: null,
        officeType: 'patentAttorney',
        regionCode: 1,
        address: '東京都港区1-1',
        phoneNumber: '+81300001111',
        email: 'office@new.example',
        website: null,
        languages: ['ja', 'en'],
        caseTypes: [2],
        technicalFields: ['化学', '材料', '機械'],
        feeNotes: null,
      },
    ]);
    await waitFor(() => expect(app.location()).toBe('/partner-firm'));
  });
});
