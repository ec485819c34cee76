import { mkdir } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// /pension against the real server: the seeded demo organization's JP patent P-2021-010
// (registered 2023-05-10, 8 claims) shows its annuities from year 4; recording a payment of the
// next unpaid year moves the schedule on. Once in Japanese and once in English; each test reads
// the next unpaid year from the page, so the order of the two does not matter.

test.use({ locale: 'ja-JP' });

const screenshots = process.env.PENSION_SCREENSHOTS;

async function openPension(page: Page) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  // Signing in computes SRP proofs: slow on a loaded machine.
  await expect(page).toHaveURL(/\/projects/, { timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '年金管理' })
    .click();
  await expect(page).toHaveURL(/\/pension$/);
}

const patentCard = (page: Page) => page.getByRole('region', { name: /P-2021-010/ });

/** The last year paid, from "第N年分まで納付済み" / "Paid through year N". */
async function paidThrough(page: Page, pattern: RegExp): Promise<number> {
  const text = await patentCard(page).getByText(pattern).first().textContent();
  return Number(/(\d+)/.exec(text ?? '')?.[1]);
}

test.describe('annuities (/pension)', () => {
  test('ja: the schedule with moved due dates and official fees; a payment recorded moves it on', async ({
    page,
  }) => {
    await openPension(page);
    await expect(page.getByRole('heading', { level: 1, name: '年金管理' })).toBeVisible();
    // The totals are the forecast's: 10 years of payments, per currency and in yen.
    await expect(page.getByRole('heading', { name: /^年金予測/ })).toBeVisible();
    const card = patentCard(page);
    await expect(card).toBeVisible();
    // Year 4 falls on Sunday 2026-05-10 and moves to Monday 11 May; 8 claims: 10,300 + 8 x 800.
    const year4 = card.getByRole('row', { name: /第4年分/ });
    await expect(year4).toContainText('2026/05/11');
    await expect(year4).toContainText('本来の期限 2026/05/10');
    await expect(year4).toContainText('土日のため繰り延べ');
    await expect(year4).toContainText('￥16,700');
    if (screenshots) {
      await mkdir(screenshots, { recursive: true });
      await page.screenshot({ path: `${screenshots}/pension-ja.png`, fullPage: true });
      await page.getByRole('region', { name: /P-2023-007/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/pension-ja-ep.png` });
    }

    const before = await paidThrough(page, /第\d+年分まで納付済み/);
    await card.getByRole('button', { name: '納付を記録' }).click();
    const dialog = page.getByRole('dialog', { name: /納付を記録/ });
    await expect(dialog.getByRole('textbox', { name: /最初の年分/ })).toHaveValue(String(before + 1));
    await dialog.getByRole('textbox', { name: /受付番号/ }).fill(`JA-${Date.now()}`);
    if (screenshots) await page.screenshot({ path: `${screenshots}/pension-payment-ja.png` });
    await dialog.getByRole('button', { name: '記録する' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(`第${before + 1}年分まで納付済み`)).toBeVisible();
    await expect(card.getByRole('row', { name: new RegExp(`第${before + 1}年分`) })).toContainText(
      '納付済み',
    );
    await expect(card.getByRole('heading', { name: '納付の記録' })).toBeVisible();
  });

  test('en: a refused payment says why in English; a valid one moves the schedule on', async ({ page }) => {
    await openPension(page);
    await chooseLanguage(page, 'English');
    // The server words its answers by the browser's Accept-Language, not by the interface language
    // chosen in the header (the api-client sends none of its own): browse as an English browser would.
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'en' });
    try {
      await expect(page.getByRole('heading', { level: 1, name: 'Annuity management' })).toBeVisible();
      const card = patentCard(page);
      const before = await paidThrough(page, /Paid through year \d+/);
      await card.getByRole('button', { name: 'Record a payment' }).click();
      const dialog = page.getByRole('dialog', { name: /Record a payment/ });
      // Skipping a year is refused with the reason on the field, and nothing is recorded.
      const yearFrom = dialog.getByRole('textbox', { name: /First year/ });
      await yearFrom.fill(String(before + 3));
      await dialog.getByRole('button', { name: 'Record' }).click();
      await expect(
        dialog.getByText(`Start with the first unpaid year (year ${before + 1})`).first(),
      ).toBeVisible();
      await yearFrom.fill(String(before + 1));
      await dialog.getByRole('textbox', { name: /Last year/ }).fill(String(before + 1));
      await dialog.getByRole('textbox', { name: /Receipt number/ }).fill(`EN-${Date.now()}`);
      await dialog.getByRole('button', { name: 'Record' }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByText(`Paid through year ${before + 1}`)).toBeVisible();
      if (screenshots) {
        await page.screenshot({ path: `${screenshots}/pension-en.png`, fullPage: true });
        await card.getByRole('table').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshots}/pension-en-table.png` });
      }
    } finally {
      // Other tests expect the demo user's interface and mails in Japanese.
      await chooseLanguage(page, '日本語');
    }
  });
});
