import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import type { Browser, Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// Estimates, invoices and a collective payment between the two sides, in two browser contexts
// against one real server: the demo firm (an individual attorney here) sends an estimate; the
// demo client accepts it; the firm issues an invoice from it and a second one directly; the client
// sees both unpaid, opens the printable page, downloads the stored PDF and pays both with one
// transfer (warned about the withholding threshold); the firm confirms; both sides see them paid
// and the history. The client reads the paid side in English. BILLING_SCREENSHOTS=<dir> saves
// screenshots of every page (screen and print) in both languages.

test.use({ locale: 'ja-JP' });
test.setTimeout(300_000);

const shots = process.env.BILLING_SCREENSHOTS;

async function shoot(page: Page, name: string, print = false) {
  if (!shots) return;
  if (print) await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  if (print) await page.emulateMedia({ media: 'screen' });
}

async function signedInPage(browser: Browser, userType: 'REGULAR' | 'PATENT'): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, userType, demoUsers[userType].email, demoUsers[userType].password);
  await expect(page).toHaveURL(/\/projects/);
  return page;
}

function toast(page: Page, text: string | RegExp) {
  return page
    .getByLabel(/通知|Notifications/)
    .getByText(text)
    .first();
}

async function closeToasts(page: Page) {
  const close = page.getByLabel(/通知|Notifications/).getByRole('button', { name: /閉じる|Close/ });
  while ((await close.count()) > 0) await close.first().click();
}

/** Fills the first line of an office editor (fees taxable at 10%). */
async function fillLine(page: Page, description: string, unitPrice: string) {
  const line = page.getByRole('listitem', { name: '明細 1' });
  await line.getByLabel('品目・内容').fill(description);
  await line.getByLabel('数量').fill('1');
  await line.getByLabel('単価').fill(unitPrice);
}

async function issueDraft(firm: Page) {
  await firm.getByRole('button', { name: '下書きを保存' }).click();
  await expect(toast(firm, '請求書の下書きを保存しました')).toBeVisible();
  await closeToasts(firm);
  await firm.getByRole('button', { name: '発行…' }).click();
  await firm
    .getByRole('alertdialog', { name: 'この請求書を発行しますか？' })
    .getByRole('button', { name: '発行する' })
    .click();
  await expect(toast(firm, /請求書 .* を発行しました/)).toBeVisible({ timeout: 30_000 });
  await closeToasts(firm);
}

test('estimate, invoices and a collective payment between the client and the firm, ja and en', async ({
  browser,
}) => {
  const requestName = `E2E 請求 ${Date.now().toString(36)}`;
  const client = await signedInPage(browser, 'REGULAR');
  const firm = await signedInPage(browser, 'PATENT');
  try {
    // The client asks the demo firm for an estimate.
    await client.goto('/requests');
    await client.getByRole('button', { name: '新規依頼' }).click();
    const form = client.getByRole('dialog', { name: '依頼の登録' });
    await form.getByRole('combobox', { name: /案件/ }).click();
    await form.getByRole('option').first().click();
    await form.getByRole('textbox', { name: /依頼名/ }).fill(requestName);
    await form.getByRole('radio', { name: '見積依頼' }).check();
    await form.getByRole('textbox', { name: /依頼内容/ }).fill('米国出願の費用見積をお願いします。');
    await form.getByRole('combobox', { name: /依頼先の国・地域/ }).fill('日本');
    await form.getByRole('option', { name: '日本' }).click();
    await form.getByRole('combobox', { name: /事務所種別/ }).selectOption({ label: '特許事務所' });
    await form.getByLabel('依頼先', { exact: true }).selectOption({ label: 'さくら国際特許事務所' });
    await form.getByRole('button', { name: '依頼する' }).click();
    await expect(toast(client, /依頼.*登録/)).toBeVisible();
    await closeToasts(client);
    await client
      .getByRole('row')
      .filter({ hasText: requestName })
      .getByRole('link', { name: requestName })
      .click();
    await expect(client).toHaveURL(/\/requests\/[0-9a-f-]{36}\/\d+\/mails$/);
    const detailBase = new URL(client.url()).pathname.replace(/\/mails$/, '');

    // The client's estimate/billing tab: an estimate is awaited.
    await client.goto(`${detailBase}/estimate-bill`);
    await expect(client.getByText(/事務所からの見積書を待っています/)).toBeVisible();
    await expect(client.getByRole('button', { name: 'コンシェルジュを利用する' })).toBeVisible();
    await shoot(client, 'tab-awaiting-ja');

    // The firm's billing details: an individual attorney with a registration number and an account.
    await firm.goto('/invoice/firm/billing-profile');
    await firm.getByLabel('適格請求書発行事業者の登録番号').fill('T1234567890123');
    await firm.getByRole('radio', { name: /個人の弁理士/ }).check();
    await firm
      .getByLabel('振込先口座')
      .fill('みずほ銀行 丸の内支店 普通 1234567 サクラコクサイトツキヨジムシヨ');
    await firm.getByRole('button', { name: '保存' }).click();
    await expect(toast(firm, '発行設定を保存しました')).toBeVisible();
    await closeToasts(firm);

    // The firm drafts and sends an estimate for the request.
    await firm.goto(`${detailBase}/estimate-bill`);
    await firm.getByRole('button', { name: '見積書を作成' }).click();
    await firm.getByLabel('件名').fill('米国特許出願');
    await fillLine(firm, '米国出願手数料', '600000');
    await firm.getByRole('button', { name: '下書きを保存' }).click();
    await expect(toast(firm, '見積書の下書きを保存しました')).toBeVisible();
    await closeToasts(firm);
    await firm.getByRole('button', { name: '依頼者に送付…' }).click();
    await firm
      .getByRole('alertdialog', { name: 'この見積書を送付しますか？' })
      .getByRole('button', { name: '送付する' })
      .click();
    await expect(toast(firm, /見積書 .* を送付しました/)).toBeVisible();
    await closeToasts(firm);

    // The client opens the printable estimate and accepts it.
    await client.reload();
    const estimateLink = client.getByRole('link', { name: /を開く$/ }).first();
    await expect(client.getByRole('table', { name: '見積書' })).toContainText('回答待ち');
    await estimateLink.click();
    await expect(client).toHaveURL(/\/estimates\/[0-9a-f-]{36}\/\d+\/[0-9a-f-]{36}$/);
    const sheet = client.getByRole('article', { name: /御見積書/ });
    await expect(sheet).toContainText('さくら国際特許事務所');
    await expect(sheet).toContainText('登録番号 T1234567890123');
    await expect(sheet).toContainText('源泉徴収税額');
    await shoot(client, 'estimate-ja');
    await shoot(client, 'estimate-ja-print', true);
    await client.getByRole('button', { name: 'この見積もりで依頼する（承諾）' }).click();
    await client.getByRole('alertdialog').getByRole('button', { name: '承諾する' }).click();
    await expect(toast(client, '見積書を承諾しました')).toBeVisible();
    await expect(sheet).toContainText('承諾済み');
    await closeToasts(client);

    // The firm issues an invoice from the accepted estimate, and a second one directly.
    await firm.reload();
    await firm.getByRole('table', { name: '見積書' }).getByRole('button').first().click();
    await firm.getByRole('button', { name: 'この見積書から請求書を作成' }).click();
    await expect(
      firm.getByText('承諾された見積書から明細を写しました。下書きの間は編集できます。'),
    ).toBeVisible();
    await issueDraft(firm);
    await firm.goto(`${detailBase}/estimate-bill`);
    await firm.getByRole('button', { name: '請求書を直接作成' }).click();
    await fillLine(firm, '中間処理手数料', '600000');
    await issueDraft(firm);

    // The client sees both unpaid, opens one printable, downloads its PDF.
    await client.goto('/invoice/manage');
    await expect(client).toHaveURL(/\/invoice\/unpaid-invoice-list$/);
    const unpaid = client.getByRole('table', { name: '請求書' });
    const rows = unpaid.getByRole('row').filter({ hasText: requestName });
    await expect(rows).toHaveCount(2);
    await shoot(client, 'unpaid-ja');
    await rows
      .first()
      .getByRole('link', { name: /を開く$/ })
      .click();
    await expect(client).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    const invoice = client.getByRole('article', { name: /請求書/ });
    await expect(invoice).toContainText('適格請求書');
    await expect(invoice).toContainText('差引ご請求額（お振込金額）');
    await expect(invoice).toContainText('みずほ銀行 丸の内支店');
    await shoot(client, 'invoice-ja');
    await shoot(client, 'invoice-ja-print', true);
    const downloading = client.waitForEvent('download');
    await client.getByRole('button', { name: 'PDF をダウンロード' }).click();
    const pdf = await readFile(await (await downloading).path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The client pays both with one transfer: the fees together cross ¥1,000,000.
    await client.goBack();
    for (const row of await rows.all()) await row.getByRole('checkbox').check();
    await client.getByRole('button', { name: '選択した請求書をまとめて支払う' }).click();
    const pay = client.getByRole('dialog', { name: /への振込を記録/ });
    await expect(pay.getByRole('alert')).toContainText('100万円を超え');
    await pay.getByRole('textbox', { name: /振込名義人/ }).fill('デモ タロウ');
    await shoot(client, 'collective-payment-ja');
    await pay.getByRole('button', { name: '振込を記録' }).click();
    await expect(toast(client, '振込を記録しました。事務所の入金確認をお待ちください')).toBeVisible();
    await closeToasts(client);

    // The firm confirms receipt.
    await firm.goto('/invoice/firm/payments');
    await firm.getByRole('button', { name: 'デモ タロウ の振込の入金を確認' }).click();
    await firm.getByRole('alertdialog', { name: '入金を確認しますか？' }).getByRole('button').last().click();
    await expect(toast(firm, '入金を確認しました')).toBeVisible();
    await closeToasts(firm);

    // The client, in English: both paid, the transfer confirmed, both in the issue history.
    await chooseLanguage(client, 'English');
    await client.goto('/invoice/paid-invoice-list');
    await expect(
      client.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: requestName }),
    ).toHaveCount(2);
    await shoot(client, 'paid-en');
    await client.getByRole('navigation').getByRole('link', { name: 'Payment history' }).click();
    const transfer = client
      .getByRole('table', { name: 'Transfers' })
      .getByRole('row')
      .filter({ hasText: 'デモ タロウ' });
    await expect(transfer.first()).toContainText('Confirmed');
    await shoot(client, 'payment-history-en');
    await client.getByRole('navigation').getByRole('link', { name: 'Issue history' }).click();
    await expect(
      client.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: requestName }),
    ).toHaveCount(2);
    await client.goto(`${detailBase}/estimate-bill`);
    await expect(client.getByRole('table', { name: 'Invoices' })).toContainText('Paid');
    await shoot(client, 'tab-en');
    await client.getByRole('table', { name: 'Invoices' }).getByRole('link').first().click();
    await expect(client.getByRole('article', { name: /Invoice/ })).toContainText('Paid');
    await shoot(client, 'invoice-en');
    await shoot(client, 'invoice-en-print', true);
    await client.goBack();
    await client.getByRole('table', { name: 'Estimates' }).getByRole('link').first().click();
    await expect(client.getByRole('article', { name: /Estimate/ })).toContainText('Accepted');
    await shoot(client, 'estimate-en');
    await shoot(client, 'estimate-en-print', true);
    await client.goto(`${detailBase}/history`);
    await expect(client.getByRole('main')).toContainText(/accepted/i);

    // The firm sees the payment confirmed and the request's history.
    await firm.goto(`${detailBase}/history`);
    await expect(firm.getByRole('main')).toContainText(/請求書/);
  } finally {
    await chooseLanguage(client, '日本語').catch(() => undefined);
    await client.context().close();
    await firm.context().close();
  }
});
