import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './support/test.js';
import type { Browser, Download, Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';
import { waitForMail } from './support/mail';

// Requests between the two sides, in two browser contexts against one real server: the demo
// client (REGULAR) sends an estimate request to the demo firm; the firm (PATENT) accepts it,
// replies with an attachment and uploads a deliverable; the client reads the mail, downloads the
// attachment and the deliverable byte-identical, and the history lists all of it, in both languages.

test.use({ locale: 'ja-JP' });
test.setTimeout(180_000);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj << >> endobj\n%%EOF\n`);

async function signedInPage(browser: Browser, userType: 'REGULAR' | 'PATENT'): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP' });
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

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** The newest .eml to `email` with `template` not in `after`, decoded, once delivered. */
async function newestMail(email: string, template: string, after: Set<string>): Promise<string> {
  return (await waitForMail(email, template, { seen: after })).text;
}

/** Every mail file so far (to tell the next mail from earlier ones). */
async function mailFiles(): Promise<Set<string>> {
  return new Set(await readdir(join(process.env.E2E_DATA_DIR ?? '', 'mail')).catch(() => [] as string[]));
}

test('a request from the client to the firm: accept, mail with attachment, deliverable, history, both languages', async ({
  browser,
}) => {
  const requestName = `E2E 見積依頼 ${Date.now().toString(36)}`;
  const attachment = pdf(`estimate ${Date.now()}`);
  const deliverable = pdf(`search report ${Date.now()} ${'x'.repeat(2000)}`);

  // The client sends an estimate request to the demo firm from /requests.
  const client = await signedInPage(browser, 'REGULAR');
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

  // The firm sees it, accepts it, and opens it.
  const firm = await signedInPage(browser, 'PATENT');
  await firm.goto('/requests');
  const row = firm.getByRole('row').filter({ hasText: requestName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '受任する' }).click();
  await firm
    .getByRole('alertdialog', { name: '依頼を受任' })
    .getByRole('button', { name: '受任する' })
    .click();
  await expect(toast(firm, '依頼を受任しました（外部対応中）')).toBeVisible();
  await closeToasts(firm);
  await row.getByRole('link', { name: requestName }).click();
  await expect(firm).toHaveURL(/\/requests\/[0-9a-f-]{36}\/\d+\/mails$/);
  const mailsUrl = new URL(firm.url()).pathname;
  const detailBase = mailsUrl.replace(/\/mails$/, '');
  await expect(firm.getByRole('heading', { level: 2, name: requestName })).toBeVisible();
  await expect(firm.getByText('外部対応中')).toBeVisible();
  await expect(firm.getByText('まだメッセージはありません')).toBeVisible();

  // The firm replies with an attachment; the client is mailed in Japanese (their saved language).
  const before = await mailFiles();
  await firm.getByRole('textbox', { name: /件名/ }).fill('お見積りの送付');
  await firm.getByRole('textbox', { name: /本文/ }).fill('お見積りを添付しました。ご確認ください。');
  await firm
    .locator('input[type="file"]')
    .setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: attachment });
  await expect(firm.getByText('estimate.pdf')).toBeVisible();
  await firm.getByRole('button', { name: '送信' }).click();
  await expect(toast(firm, 'メッセージを送信しました')).toBeVisible();
  await closeToasts(firm);
  await expect(firm.getByRole('listitem', { name: 'お見積りの送付' })).toContainText('未読');
  const clientMail = await newestMail(demoUsers.REGULAR.email, 'requestMail', before);
  expect(clientMail).toContain('依頼に新しいメッセージが届きました。');
  expect(clientMail).toContain('件名: お見積りの送付');
  expect(clientMail).toContain(`${mailsUrl}`);

  // The firm uploads a deliverable (drag and drop zone's file input), then the same title again.
  await firm.getByRole('navigation').getByRole('link', { name: '成果物' }).click();
  await expect(firm).toHaveURL(new RegExp(`${detailBase}/deliverables$`));
  await expect(firm.getByText('まだ成果物はありません')).toBeVisible();
  await firm
    .locator('input[type="file"]')
    .setInputFiles({ name: '調査報告書.pdf', mimeType: 'application/pdf', buffer: deliverable });
  // Nothing is stored until the picked file is reviewed and confirmed.
  const review = firm.getByRole('region', { name: '登録する成果物の確認（1 件）' });
  await expect(review).toContainText('調査報告書.pdf');
  await review.getByRole('button', { name: 'この内容で登録（取り消せません）' }).click();
  await expect(toast(firm, '調査報告書.pdf をアップロードしました（第 1 版）')).toBeVisible();
  await closeToasts(firm);
  await expect(firm.getByRole('cell', { name: '第 1 版', exact: true })).toBeVisible();

  // The client sees the mail (marked read on opening), downloads the attachment byte-identical.
  await client.goto(mailsUrl);
  const reply = client.getByRole('listitem', { name: 'お見積りの送付' });
  await expect(reply).toContainText('お見積りを添付しました。');
  await expect(reply.getByText('新着')).toBeVisible();
  const attachmentDownload = client.waitForEvent('download');
  await reply.getByRole('button', { name: 'estimate.pdf をダウンロード' }).click();
  const gotAttachment = await bytesOf(await attachmentDownload);
  expect(sha256(gotAttachment)).toBe(sha256(attachment));

  // ...and the firm sees its mail read when its window regains focus.
  await firm.goto(mailsUrl);
  await expect(firm.getByRole('listitem', { name: 'お見積りの送付' })).toContainText('既読');

  // The client downloads the deliverable byte-identical.
  await client.getByRole('navigation').getByRole('link', { name: '成果物' }).click();
  const deliverableRow = client.getByRole('row').filter({ hasText: '調査報告書.pdf' });
  await expect(deliverableRow).toContainText('第 1 版');
  await expect(deliverableRow).toContainText('佐藤 花子');
  const deliverableDownload = client.waitForEvent('download');
  await deliverableRow.getByRole('button', { name: /ダウンロード/ }).click();
  const gotDeliverable = await deliverableDownload;
  expect(gotDeliverable.suggestedFilename()).toBe('調査報告書.pdf');
  expect(sha256(await bytesOf(gotDeliverable))).toBe(sha256(deliverable));
  // The client cannot upload.
  await expect(client.locator('input[type="file"]')).toHaveCount(0);

  // /deliverables lists it too.
  await client.goto('/deliverables');
  await expect(
    client.getByRole('row').filter({ hasText: '調査報告書.pdf' }).filter({ hasText: requestName }),
  ).toBeVisible();

  // History in Japanese, then in English.
  await client.goto(`${detailBase}/history`);
  const history = client.getByRole('list', { name: '履歴' });
  await expect(history).toContainText('依頼を登録しました');
  await expect(history).toContainText('依頼を受け付けました（外部対応中）');
  await expect(history).toContainText('メッセージを送信しました');
  await expect(history).toContainText('添付: estimate.pdf');
  await expect(history).toContainText('成果物をアップロードしました');
  await expect(history).toContainText('佐藤 花子（依頼先）');
  await client.getByRole('banner').getByRole('button', { name: 'English' }).click();
  const historyEn = client.getByRole('list', { name: 'History' });
  await expect(historyEn).toContainText('Registered the request');
  await expect(historyEn).toContainText('Accepted the request (in progress, external)');
  await expect(historyEn).toContainText('Sent a message');
  await expect(historyEn).toContainText('Uploaded a deliverable');
  await expect(historyEn).toContainText('佐藤 花子 (Office)');

  // In English the client answers; the firm's user is mailed in Japanese, the client's language
  // choice now being English for the mails it receives.
  await client.getByRole('navigation').getByRole('link', { name: 'Mail' }).click();
  await expect(client.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
  const beforeAnswer = await mailFiles();
  await client.getByRole('textbox', { name: /Subject/ }).fill('Thank you');
  await client.getByRole('textbox', { name: /Message/ }).fill('We accept the estimate.');
  await client.getByRole('button', { name: 'Send' }).click();
  await expect(toast(client, 'Message sent')).toBeVisible();
  const firmMail = await newestMail(demoUsers.PATENT.email, 'requestMail', beforeAnswer);
  expect(firmMail).toContain('依頼に新しいメッセージが届きました。');
  expect(firmMail).toContain('件名: Thank you');

  const beforeSecond = await mailFiles();
  await firm.getByRole('textbox', { name: /件名/ }).fill('Re: Thank you');
  await firm.getByRole('textbox', { name: /本文/ }).fill('承知しました。');
  await firm.getByRole('button', { name: '送信' }).click();
  await expect(toast(firm, 'メッセージを送信しました')).toBeVisible();
  const clientMailEn = await newestMail(demoUsers.REGULAR.email, 'requestMail', beforeSecond);
  expect(clientMailEn).toContain('You have a new message on a request.');

  // The client's thread refreshes when its window regains focus.
  // (A string runs in the page: the e2e project has no DOM types.)
  await client.evaluate("window.dispatchEvent(new Event('focus'))");
  await expect(client.getByRole('listitem', { name: 'Re: Thank you' })).toBeVisible();

  // Back to Japanese for the other tests (the choice is stored on the account).
  await chooseLanguage(client, '日本語');
  await expect(client.getByRole('heading', { level: 2, name: 'メッセージ' })).toBeVisible();
  await client.context().close();
  await firm.context().close();
});

test('unread mails: the office sees the count on the request and in the sidebar; opening the thread clears it', async ({
  browser,
}) => {
  // The client writes on the specification request (the demo's own unread mail may have been
  // read by an earlier spec, such as the accessibility walk, which opens the office's threads).
  const client = await signedInPage(browser, 'REGULAR');
  await client.goto('/requests');
  await client.getByRole('link', { name: '出願書類（明細書）作成の見積' }).click();
  await expect(client.getByRole('heading', { level: 2, name: 'メッセージ' })).toBeVisible();
  await client.getByRole('textbox', { name: /件名/ }).fill('納期のご相談');
  await client.getByRole('textbox', { name: /本文/ }).fill('希望納期を一週間延ばせますか。');
  await client.getByRole('button', { name: '送信' }).click();
  await expect(toast(client, 'メッセージを送信しました')).toBeVisible();
  await client.context().close();

  const firm = await signedInPage(browser, 'PATENT');
  await firm.goto('/requests');
  const link = firm.getByRole('link', { name: '出願書類（明細書）作成の見積' });
  const row = firm.getByRole('row').filter({ has: link });
  await expect(row.getByRole('img', { name: /^未読のメッセージ \d+ 件/ })).toBeVisible();
  const requestsEntry = firm
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: /^依頼管理/ });
  await expect(requestsEntry.getByRole('img', { name: /^未読のメッセージ \d+ 件/ })).toBeVisible();

  // The thread marks what it shows read once no more mails arrive for a moment (a batch); going
  // back before that mark is sent leaves the mails unread, so the reader here waits for it.
  const marked = firm.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/mails\/read$/.test(response.url()),
  );
  await link.click();
  await expect(firm.getByText('明細書作成の希望納期')).toBeVisible();
  expect((await marked).ok()).toBe(true);
  await firm
    .getByRole('navigation', { name: 'パンくずリスト' })
    .getByRole('link', { name: '依頼管理', exact: true })
    .click();
  await expect(link).toBeVisible();
  await expect(row.getByRole('img', { name: /未読のメッセージ/ })).toHaveCount(0);
  await firm.context().close();
});
