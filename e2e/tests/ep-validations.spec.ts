import { mkdir } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// The demo's granted European patent P-2023-007 (mention of grant 2026-03-04) was validated in
// Germany, France, the UK and Italy: /pension lists each state's renewal fee per year from year 5,
// in euros and pounds. Screenshots go to
// EP_SCREENSHOTS when it is set.

test.use({ locale: 'ja-JP' });

const screenshots = process.env.EP_SCREENSHOTS;

async function signIn(page: Page) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects/, { timeout: 30_000 });
}

const epCard = (page: Page) => page.getByRole('region', { name: /P-2023-007/ });

test('ja: the validated states each owe their renewal fee from the year after grant', async ({ page }) => {
  await signIn(page);
  await page.goto('/pension');
  const card = epCard(page);
  await expect(card).toBeVisible();
  const germany = card.getByRole('row', { name: /第5年分.*（ドイツ）/ });
  // Germany takes it without surcharge until the end of the 2nd month after the due date.
  await expect(germany).toContainText('2027/04/30');
  await expect(germany).toContainText('€100');
  await expect(card.getByRole('row', { name: /第5年分.*（英国）/ })).toContainText('£70');
  await expect(card.getByRole('row', { name: /第5年分.*（フランス）/ })).toContainText('€38');
  const italy = card.getByRole('row', { name: /第5年分.*（イタリア）/ });
  await expect(italy).toContainText('2027/02/28');
  await expect(italy).toContainText('€60');
  if (screenshots) {
    await mkdir(screenshots, { recursive: true });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/pension-ep-ja.png` });
    await page.screenshot({ path: `${screenshots}/pension-ja-full.png`, fullPage: true });
  }
});

test('en: the same rows in English', async ({ page }) => {
  await signIn(page);
  await chooseLanguage(page, 'English');
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en' });
  try {
    await page.goto('/pension');
    const card = epCard(page);
    await expect(card.getByRole('row', { name: /Renewal fee due \(United Kingdom\)/ }).first()).toContainText(
      '£70',
    );
    if (screenshots) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/pension-ep-en.png` });
    }
  } finally {
    // The demo user is shared by every spec (support/language.ts).
    await chooseLanguage(page, '日本語');
  }
});

test('the matter page offers the states whose renewal fees are held, in ja and en', async ({ page }) => {
  await signIn(page);
  await page.goto('/projects');
  await page.getByRole('searchbox', { name: '検索' }).fill('P-2023-007');
  await page.getByRole('cell', { name: 'P-2023-007' }).click();
  const panel = page.getByRole('region', { name: '有効化国・単一効' });
  await expect(panel.getByRole('checkbox', { name: 'イタリア（IT）' })).toBeChecked();
  await expect(panel.getByText(/料金表を持つ国/)).toContainText('オーストリア');
  await expect(panel.getByText(/料金表を持つ国/)).toContainText('ベルギー');
  if (screenshots) {
    await mkdir(screenshots, { recursive: true });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${screenshots}/ep-panel-ja.png` });
  }
  await chooseLanguage(page, 'English');
  try {
    const english = page.getByRole('region', { name: 'Validations and unitary effect' });
    await expect(english.getByRole('checkbox', { name: 'Italy (IT)' })).toBeChecked();
    await expect(english.getByText(/Renewal fee tables are held for/)).toContainText('Spain');
    if (screenshots) {
      await english.scrollIntoViewIfNeeded();
      await english.screenshot({ path: `${screenshots}/ep-panel-en.png` });
    }
  } finally {
    await chooseLanguage(page, '日本語');
  }
});
