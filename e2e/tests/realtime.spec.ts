import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test.js';
import type { Browser, Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// The realtime socket end to end (ADR 0030), in two browser contexts against one real server: the
// client has the demo request's thread open; the office sends a mail on it; the client's thread
// shows it without a reload, carried by `onRequestMail` over /graphql/realtime. The header's
// state dot says the connection is up, in Japanese and in English.

test.use({ locale: 'ja-JP' });
test.setTimeout(120_000);

// Not the specification request: requests.spec.ts needs the client's mail there still unread by
// the office, and opening a thread marks it read.
const demoRequest = '審査請求および拒絶理由対応の見積';

async function signedInPage(browser: Browser, userType: 'REGULAR' | 'PATENT'): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, userType, demoUsers[userType].email, demoUsers[userType].password);
  await expect(page).toHaveURL(/\/projects/);
  return page;
}

test('the office’s mail appears in the client’s open thread without reloading', async ({ browser }) => {
  const subject = `E2E リアルタイム ${Date.now().toString(36)}`;

  // The office finds the demo request's thread.
  const firm = await signedInPage(browser, 'PATENT');
  await firm.goto('/requests');
  await firm.getByRole('link', { name: demoRequest }).click();
  await expect(firm).toHaveURL(/\/requests\/[0-9a-f-]{36}\/\d+\/mails$/);
  const mailsUrl = new URL(firm.url()).pathname;

  // The client opens the same thread; its header shows the socket connected.
  const client = await signedInPage(browser, 'REGULAR');
  const navigations: string[] = [];
  client.on('framenavigated', (frame) => {
    if (frame === client.mainFrame()) navigations.push(frame.url());
  });
  // The thread's subscription (ids are `<topic>-<n>`) must be acknowledged before the office writes.
  const threadSubscribed = new Promise<void>((resolve) => {
    client.on('websocket', (ws) => {
      if (!ws.url().endsWith('/graphql/realtime')) return;
      ws.on('framereceived', ({ payload }) => {
        if (
          typeof payload === 'string' &&
          /"start_ack".*"onRequestMail-|"onRequestMail-[^"]*".*"start_ack"/.test(payload)
        )
          resolve();
      });
    });
  });
  await client.goto(mailsUrl);
  await expect(client.getByRole('heading', { level: 2, name: demoRequest })).toBeVisible();
  const banner = client.getByRole('banner');
  await expect(banner.getByTitle('リアルタイム更新: 接続済み')).toBeVisible();
  await threadSubscribed;
  await expect(client.getByRole('listitem', { name: subject })).toHaveCount(0);
  const navigationsBefore = navigations.length;

  // The office sends a mail.
  await firm.getByRole('textbox', { name: /件名/ }).fill(subject);
  await firm.getByRole('textbox', { name: /本文/ }).fill('リアルタイムで届くはずのメッセージです。');
  await firm.getByRole('button', { name: '送信' }).click();
  await expect(firm.getByRole('listitem', { name: subject })).toBeVisible();

  // The client's open thread shows it, with no reload and no navigation.
  const arrived = client.getByRole('listitem', { name: subject });
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText('リアルタイムで届くはずのメッセージです。');
  expect(navigations.length).toBe(navigationsBefore);

  // The header with its state dot, in both languages (screenshots for a look by eye).
  // In the test's output folder (test-results/, not committed).
  const shots = test.info().outputDir;
  mkdirSync(shots, { recursive: true });
  await banner.screenshot({ path: join(shots, 'header-ja.png') });
  try {
    await chooseLanguage(client, 'English');
    await expect(banner.getByTitle('Live updates: connected')).toBeVisible();
    await banner.screenshot({ path: join(shots, 'header-en.png') });
  } finally {
    await chooseLanguage(client, '日本語');
  }
  await firm.context().close();
  await client.context().close();
});
