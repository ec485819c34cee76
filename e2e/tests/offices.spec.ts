import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers, logIn, signUp, uniqueEmail, verifyFromMail } from './support/auth';
import { chooseLanguage } from './support/language';

// Offices and requests across both user types against the real server: a new firm user is asked
// to register the office, registers it, and is listed in the clients' directory; the demo client
// sends it a request from /requests; the firm finds the request and accepts it.

test.use({ locale: 'ja-JP' });

function toast(page: Page, text: string) {
  return page
    .getByLabel(/通知|Notifications/)
    .getByText(text)
    .first();
}

test('a new office registers its profile, gets a request from the directory and accepts it', async ({
  browser,
}) => {
  const firmEmail = uniqueEmail('office');
  const officeName = `e2e 翻訳 ${Date.now().toString(36)}`;
  const firm = await browser.newPage();
  await signUp(firm, 'PATENT', firmEmail, 'Office-Pass1');
  await verifyFromMail(firm, firmEmail);
  await logIn(firm, 'PATENT', firmEmail, 'Office-Pass1');
  await expect(firm).toHaveURL(/\/projects/);

  // No office yet: the reminder, and its link to the form.
  await expect(toast(firm, '事務所情報を登録してください')).toBeVisible();
  await firm.getByLabel(/通知/).getByRole('button', { name: '事務所情報を登録する' }).click();
  await expect(firm).toHaveURL(/\/edit-partner-firm$/);
  await firm.getByRole('button', { name: '登録する' }).click();
  await expect(toast(firm, '入力内容に誤りがあります')).toBeVisible();
  await firm.getByLabel('事務所名（日本語）').fill(officeName);
  await firm.getByLabel('事務所種別').selectOption('translationCompany');
  await firm.getByRole('combobox', { name: '国・地域' }).fill('日本');
  await firm.getByRole('option', { name: '日本', exact: true }).click();
  await firm.getByLabel('住所').fill('東京都港区芝公園1-1-1');
  await firm.getByLabel('電話番号').fill('+81 3-5555-0000');
  await firm.getByLabel('メールアドレス').fill(firmEmail);
  await firm
    .getByRole('group', { name: /対応言語/ })
    .getByRole('checkbox', { name: '英語' })
    .check();
  await firm
    .getByRole('group', { name: /取扱分野/ })
    .getByRole('checkbox', { name: '特許権' })
    .check();
  await firm.getByLabel('料金の案内').fill('1 語 20 円から');
  await firm.getByRole('button', { name: '登録する' }).click();
  await expect(toast(firm, '事務所情報を保存しました')).toBeVisible();
  await expect(firm).toHaveURL(/\/partner-firm$/);
  await expect(firm.getByText('事務所一覧に掲載中')).toBeVisible();
  await expect(firm.getByText('事務所情報を登録してください')).toHaveCount(0);

  // The demo client finds it in the directory of the request form and sends it a request.
  const client = await browser.newPage();
  await client.goto('/login');
  await logIn(client, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(client).toHaveURL(/\/projects/);
  await client.goto('/requests');
  await client.getByRole('button', { name: '新規依頼' }).click();
  const dialog = client.getByRole('dialog', { name: '依頼の登録' });
  await dialog.getByRole('combobox', { name: /^案件/ }).fill('P-2024-001');
  await client.getByRole('option', { name: /^P-2024-001 / }).click();
  const requestName = `英訳の依頼 ${Date.now().toString(36)}`;
  await dialog.getByLabel('依頼名').fill(requestName);
  await dialog.getByRole('radio', { name: 'その他' }).check();
  await dialog.getByLabel('依頼内容').fill('明細書の英訳をお願いします。');
  await dialog.getByRole('combobox', { name: /依頼先の国・地域/ }).fill('日本');
  await client.getByRole('option', { name: '日本', exact: true }).click();
  await dialog.getByLabel('事務所種別').selectOption('translationCompany');
  const office = dialog.getByRole('combobox', { name: /^依頼先(?!の)/ });
  await expect(office.getByRole('option', { name: officeName })).toHaveCount(1);
  await office.selectOption({ label: officeName });
  await expect(dialog.getByText('料金: 1 語 20 円から')).toBeVisible();
  await dialog.getByRole('button', { name: '依頼する' }).click();
  await expect(toast(client, '依頼を登録しました')).toBeVisible();
  await expect(client.getByRole('link', { name: requestName })).toBeVisible();

  // The office sees it, accepts it; the client sees the new status.
  await firm.goto('/requests');
  const row = firm.getByRole('row', { name: new RegExp(requestName) });
  await expect(row.getByText('未対応')).toBeVisible();
  await row.getByRole('button', { name: '受任する' }).click();
  await firm
    .getByRole('alertdialog', { name: '依頼を受任' })
    .getByRole('button', { name: '受任する' })
    .click();
  await expect(toast(firm, '依頼を受任しました（外部対応中）')).toBeVisible();
  await expect(row.getByText('外部対応中')).toBeVisible();
  await client.reload();
  await expect(
    client.getByRole('row', { name: new RegExp(requestName) }).getByText('外部対応中'),
  ).toBeVisible();

  // English, and back: the demo client is shared by the other specs (support/language.ts).
  await chooseLanguage(client, 'English');
  try {
    await expect(client.getByRole('columnheader', { name: /Legal deadline/ })).toBeVisible();
    await expect(
      client.getByRole('row', { name: new RegExp(requestName) }).getByText('In progress (external)'),
    ).toBeVisible();
  } finally {
    await chooseLanguage(client, '日本語');
  }
});
