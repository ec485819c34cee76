import { expect, test } from '@playwright/test';

// The web app shell: route guards, the language selector, titles. Until the Identity issue
// brings sign-in, every visitor is signed out, so these tests see the public pages only.

test.describe('shell, signed out (browser in Japanese)', () => {
  test.use({ locale: 'ja-JP' });

  test('a protected route leads to /login with the original path and query', async ({ page }) => {
    await page.goto('/requests?x=1');
    await expect(page).toHaveURL(/\/login\?redirect=%2Frequests%3Fx%3D1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveTitle('IP Portal | ログイン');
  });

  test('switching the language changes the header at once and survives a reload', async ({ page }) => {
    await page.goto('/login');
    const header = page.getByRole('banner');
    await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'アカウント情報' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

    await header.getByRole('button', { name: 'English' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Account information' })).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Log in');
    await expect(header.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveTitle('IP Portal | Log in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Account information' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown path shows the translated not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
  });

  // Needs a signed-in user: the sidebar is shown only then. Enable once the Identity issue
  // implements the AuthPort (apps/web/src/features/auth/create-auth-port.ts): sign in as a seeded
  // demo user, then check that "案件管理" becomes "Matter management" in the sidebar after
  // switching, and stays so after a reload. Component tests cover it meanwhile (test/shell.test.tsx).
  test.fixme('switching the language changes the sidebar texts and survives a reload', () => {});
});

test.describe('shell, first visit with the browser in English', () => {
  test.use({ locale: 'en-US' });

  test('picks English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });
});
