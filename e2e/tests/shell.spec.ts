import { expect, test } from './support/test.js';
import { demoUsers, logIn } from './support/auth.js';

// The web app shell: route guards, the language selector, titles; the sidebar needs a signed-in
// user (the seeded demo user).

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
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

    await header.getByRole('button', { name: 'English' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Log in');
    await expect(header.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveTitle('IP Portal | Log in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown path shows the translated not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
  });

  test('switching the language changes the sidebar texts and survives a reload', async ({ page }) => {
    // The sidebar shows only when signed in: sign in as the seeded REGULAR demo user.
    await page.goto('/login?redirect=%2Frequests');
    await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
    await expect(page).toHaveURL(/\/requests$/);
    const sidebar = page.getByRole('navigation', { name: 'メインメニュー' });
    await expect(sidebar.getByRole('link', { name: '案件管理' })).toBeVisible();

    // The choice is also stored on the account, so mails reach the user in that language.
    const savedAsEnglish = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith('/user'),
    );
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    const saved = await savedAsEnglish;
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as { item: { locale: string } }).item.locale).toBe('en');

    const english = page.getByRole('navigation', { name: 'Main menu' });
    await expect(english.getByRole('link', { name: 'Matter management' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Request management' })).toBeVisible();

    await page.reload();

    await expect(english.getByRole('link', { name: 'Matter management' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Back to Japanese: other tests expect the demo user's mails in Japanese.
    const savedAsJapanese = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith('/user'),
    );
    await page.getByRole('banner').getByRole('button', { name: '日本語' }).click();
    expect(((await (await savedAsJapanese).json()) as { item: { locale: string } }).item.locale).toBe('ja');
  });
});

test.describe('shell, first visit with the browser in English', () => {
  test.use({ locale: 'en-US' });

  test('picks English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });
});
