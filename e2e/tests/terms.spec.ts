import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// Deadline management end to end, as the demo client: the seeded matter P-2024-001 (a JP patent
// filed 2024-01-30) has its examination request deadline on /terms; it is marked done; the
// reminder offsets are changed and kept; a calendar URL is created, fetched and read back by a
// real ICS parser; and the pages read in both languages. With TERMS_SCREENSHOTS=<folder> it
// saves a full-page screenshot of each page there, to look at.

test.use({ locale: 'ja-JP' });
test.setTimeout(180_000);
const shots = process.env.TERMS_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function signIn(page: Page) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects/);
}

const examRow = (page: Page) =>
  page.locator('tr', { hasText: 'P-2024-001' }).filter({ hasText: /審査請求期限|Examination request/ });

test('deadlines on /terms, one marked done, reminder offsets, the calendar feed, in ja and en', async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: '期限管理' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  // The seeded matters' deadlines are materialized by a job after the seed: wait for them.
  await expect(async () => {
    await page.reload();
    // Either the list or the empty state, once the page has its answer; then the row must be there.
    await expect(
      page.getByRole('heading', { level: 2 }).or(page.getByText('表示する期限はありません')).first(),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(examRow(page)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await expect(examRow(page)).toContainText('2027年1月30日');
  await expect(examRow(page)).toContainText('未確認');
  await shot(page, 'terms-ja');

  await examRow(page)
    .getByRole('button', { name: /^完了にする/ })
    .click();
  // The completion date (today in Japan by default) and an optional note, then confirm.
  const done = page.getByRole('dialog', { name: '完了として記録する' });
  await done.getByLabel('メモ（任意）').fill('特許庁に受領を確認');
  await shot(page, 'terms-done-dialog-ja');
  await done.getByRole('button', { name: '完了として記録' }).click();
  await expect(examRow(page)).toHaveCount(0);
  await page.getByLabel('状態').selectOption('done');
  await expect(examRow(page)).toContainText('完了');
  await expect(examRow(page)).toContainText('特許庁に受領を確認');

  // The month view on the design system's calendar.
  await page.getByRole('tab', { name: '月表示' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await shot(page, 'terms-month-ja');

  // Reminders: drop 6 months, add 10 days, a weekly digest.
  await page.goto('/terms/notification');
  await page.getByRole('checkbox', { name: '6か月前' }).uncheck();
  await page.getByLabel('数').fill('10');
  await page.getByLabel('単位').selectOption('D');
  await page.getByRole('button', { name: '追加' }).click();
  await page.getByRole('radio', { name: /1 週間分をまとめて/ }).check();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('お知らせの設定を保存しました')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: '6か月前' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: '10 日前' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /1 週間分をまとめて/ })).toBeChecked();
  await expect(page.getByText(/更新は数時間から 1 日遅れる/)).toBeVisible();

  // The calendar feed: shown once, fetched without any session, parsed as ICS.
  await page.getByRole('button', { name: 'URL を発行' }).click();
  const url = await page.getByTestId('calendar-feed-url').inputValue();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await shot(page, 'terms-notification-ja');
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
    (entry): entry is VEvent => entry?.type === 'VEVENT',
  );
  // node-ical gives a summary as text, or as { val, params } when it carries parameters.
  const summaryOf = (event: VEvent) =>
    typeof event.summary === 'string' ? event.summary : event.summary.val;
  const exam = events.find(
    (event) => summaryOf(event).includes('P-2024-001') && summaryOf(event).includes('審査請求期限'),
  );
  expect(exam).toBeDefined();
  expect(exam && summaryOf(exam)).toContain('完了');
  expect((exam?.start as (Date & { dateOnly?: boolean }) | undefined)?.dateOnly).toBe(true);
  expect(String(exam?.uid)).toMatch(/jp\.patent\.examinationRequest@/);

  // English.
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByText(/Subscribed calendars refresh slowly/)).toBeVisible();
  await shot(page, 'terms-notification-en');
  await page.getByRole('button', { name: 'Revoke' }).first().click();
  await page
    .getByRole('alertdialog', { name: 'Revoke this URL?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('URL revoked')).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);

  await page.goto('/terms?state=done');
  await expect(examRow(page)).toContainText('Done');
  await expect(examRow(page)).toContainText('Examination request');
  await page.goto('/terms');
  await expect(
    page.getByRole('heading', { name: /Later|This month|This week|Overdue/ }).first(),
  ).toBeVisible();
  await shot(page, 'terms-en');
  await page.goto('/pension/notification');
  await expect(page.getByText(/Reminder mails for annuities/)).toBeVisible();
  await shot(page, 'pension-notification-en');
  // Back to Japanese for the next tests of the run (saved before the page closes).
  await chooseLanguage(page, '日本語');
});
