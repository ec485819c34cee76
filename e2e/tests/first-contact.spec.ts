import { expect, test } from './support/test.js';
import { demoUsers, logIn, openAccountMenu } from './support/auth';

// A newcomer's first minutes, on the server as the README's `pnpm start` starts it (project
// `chromium`: no PUBLIC_URL, so /config.json answers paths) and as a deployment runs it (project
// `deployed`: PUBLIC_URL, production). Every signed-in page once crashed here without PUBLIC_URL.

test.use({ locale: 'ja-JP' });

for (const userType of ['REGULAR', 'PATENT'] as const) {
  test(`${userType}: after sign-in the pages work, live updates connect, sign-out is in reach`, async ({
    page,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/login');
    await logIn(page, userType, demoUsers[userType].email, demoUsers[userType].password);
    await expect(page).toHaveURL(/\/projects/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('問題が発生しました')).toHaveCount(0);
    await expect(page.getByRole('banner').getByTitle('リアルタイム更新: 接続済み')).toBeVisible({
      timeout: 20_000,
    });

    // A reload lands on the same working page, not on an error.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('問題が発生しました')).toHaveCount(0);

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(pageErrors).toEqual([]);
  });
}
