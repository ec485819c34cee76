import { expect, test } from './support/test.js';
import { demoUsers, logIn, openAccountMenu, signUp, uniqueEmail, verifyFromMail } from './support/auth.js';
import type { UserType } from './support/auth.js';
import { codeMails, waitForCode } from './support/mail.js';

// Sign-up, verification, sign-in, password reset and sign-out against the real API server and
// its embedded identity service (codes are read from the .eml files it writes).

test.use({ locale: 'ja-JP' });

const password = 'Momiji-2025';

for (const userType of ['REGULAR', 'PATENT'] as const satisfies readonly UserType[]) {
  test(`signs up as ${userType}, verifies with the mailed code, signs in and lands on /projects`, async ({
    page,
  }) => {
    const email = uniqueEmail(`e2e-${userType.toLowerCase()}`);
    await signUp(page, userType, email, password);
    await expect(page.getByText(/確認コードを送信しました/)).toBeVisible();
    await verifyFromMail(page, email);

    // The email and user type came along; only the password is left.
    await expect(page.getByLabel('メールアドレス', { exact: true })).toHaveValue(email);
    await expect(page.getByRole('radio', { checked: true })).toHaveAccessibleName(
      userType === 'REGULAR' ? /企業ユーザー/ : /特許事務所ユーザー/,
    );
    await page.getByLabel('パスワード', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(/\/projects$/);

    // The session survives a reload and the account page shows the new user.
    await page.reload();
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'アカウント情報' })).toBeVisible();
    await expect(page.getByRole('main').getByText('試験 太郎')).toBeVisible();
    await expect(page.getByText('03-1234-5678')).toBeVisible();
  });
}

test('a wrong password is refused with a specific message and nothing typed is lost', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, 'Wrong-Pass1');
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
  await expect(page.getByLabel('メールアドレス', { exact: true })).toHaveValue(demoUsers.REGULAR.email);
  await expect(page.getByLabel('パスワード', { exact: true })).toHaveValue('Wrong-Pass1');
  await expect(page).toHaveURL(/\/login(\?|$)/);
});

test('a protected page leads to /login and back to it after signing in', async ({ page }) => {
  await page.goto('/requests?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Frequests%3Fx%3D1$/);
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/requests\?x=1$/);
  await expect(page.getByRole('heading', { level: 1, name: '依頼管理' })).toBeVisible();
});

test('resets a forgotten password with the mailed code', async ({ page }) => {
  const email = uniqueEmail('e2e-reset');
  await signUp(page, 'PATENT', email, password);
  await verifyFromMail(page, email);

  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(/\/login\/password-reset\?/);
  await expect(page.getByLabel('メールアドレス', { exact: true })).toHaveValue(email);
  const before = await codeMails(email, 'passwordResetCode');
  await page.getByRole('button', { name: 'コードを送信' }).click();
  await expect(page.getByText(/コードを送信しました/)).toBeVisible();
  const { code } = await waitForCode(email, 'passwordResetCode', { seen: before });

  // A wrong code is refused; the form keeps what was typed.
  const newPassword = 'Kaede-2026';
  await page.getByLabel('確認コード', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
  await page.getByLabel('新しいパスワード（確認）', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByRole('alert')).toContainText('確認コードが正しくありません。');
  await expect(page.getByLabel('新しいパスワード', { exact: true })).toHaveValue(newPassword);

  await page.getByLabel('確認コード', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('パスワードを変更しました。')).toBeVisible();

  await logIn(page, 'PATENT', email, password);
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
  await page.getByLabel('パスワード', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('signs out from the account page everywhere', async ({ page, context }) => {
  await page.goto('/login');
  await logIn(page, 'PATENT', demoUsers.PATENT.email, demoUsers.PATENT.password);
  await expect(page).toHaveURL(/\/projects$/);
  const other = await context.newPage(); // another tab shares the session
  await other.goto('/profile');
  await expect(other.getByText(demoUsers.PATENT.email).first()).toBeVisible();

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'アカウント情報' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/projects');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprojects$/);
  await other.reload();
  await expect(other).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test('a tab whose browser signs in as another user in another tab says so and reloads', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects$/);
  const other = await context.newPage(); // another tab shares the session
  await other.goto('/requests');
  await expect(other.getByRole('heading', { level: 1, name: '依頼管理' })).toBeVisible();

  // Signing out in the other tab reaches this one at once.
  await openAccountMenu(other);
  await other.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprojects$/);

  // Signing in there as another user: this tab says so instead of silently becoming that user.
  await logIn(other, 'PATENT', demoUsers.PATENT.email, demoUsers.PATENT.password);
  await expect(other).toHaveURL(/\/projects$/);
  const dialog = page.getByRole('alertdialog', { name: '別のタブで別のユーザーがログインしました' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('特許事務所ユーザー');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: '再読み込み' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(
    page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '事務所情報' }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('edits the account information in the identity service and the portal', async ({ page }) => {
  const email = uniqueEmail('e2e-edit');
  await signUp(page, 'REGULAR', email, password);
  await verifyFromMail(page, email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await page.goto('/edit-profile');
  await page.getByLabel('電話番号', { exact: true }).fill('+81 90-1111-2222');
  await page.getByLabel('住所', { exact: true }).fill('大阪府大阪市北区1-1');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('アカウント情報を更新しました。')).toBeVisible();
  await expect(page.getByText('090-1111-2222')).toBeVisible();
  await expect(page.getByText('大阪府大阪市北区1-1')).toBeVisible();

  await page.getByRole('link', { name: 'パスワードを変更' }).click();
  await page.getByLabel('現在のパスワード', { exact: true }).fill('Wrong-Pass1');
  await page.getByLabel('新しいパスワード', { exact: true }).fill('Kaede-2026');
  await page.getByLabel('新しいパスワード（確認）', { exact: true }).fill('Kaede-2026');
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByRole('alert')).toContainText('現在のパスワードが正しくありません。');
  await page.getByLabel('現在のパスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('パスワードを変更しました。')).toBeVisible();
});
