import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { waitForCode } from './mail.js';

export type UserType = 'REGULAR' | 'PATENT';

/** Seeded by the API outside production (apps/api/src/seed/demo-data.ts). */
export const demoUsers = {
  REGULAR: { email: 'demo@example.com', password: 'Demo-Pass1' },
  PATENT: { email: 'firm@example.com', password: 'Demo-Pass1' },
} as const;

const userTypeLabel: Record<UserType, RegExp> = { REGULAR: /企業ユーザー/, PATENT: /特許事務所ユーザー/ };

let counter = 0;
/** An address nobody has used in this run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Fills and submits /signup (Japanese interface); ends on /verify. */
export async function signUp(page: Page, userType: UserType, email: string, password: string) {
  await page.goto('/signup');
  await page.getByRole('radio', { name: userTypeLabel[userType] }).check();
  await page.getByLabel('氏名', { exact: true }).fill('試験 太郎');
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('電話番号', { exact: true }).fill('+81 3-1234-5678');
  await page.getByLabel('住所', { exact: true }).fill('東京都千代田区丸の内1-1-1');
  await page.getByRole('combobox', { name: '国・地域' }).fill('日本');
  await page.getByRole('option', { name: '日本' }).click();
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel('パスワード（確認）', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/verify\?/);
}

/** On /verify after sign-up: enters the mailed code; ends on /login with the email filled in. */
export async function verifyFromMail(page: Page, email: string) {
  const { code } = await waitForCode(email, 'signupCode');
  await page.getByLabel('確認コード', { exact: true }).fill(code);
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('アカウントの確認が完了しました。')).toBeVisible();
}

/** Fills /login (already open) and submits. */
export async function logIn(page: Page, userType: UserType, email: string, password: string) {
  await page.getByRole('radio', { name: userTypeLabel[userType] }).check();
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Opens the account menu in the header (the button carries the signed-in user's name). */
export async function openAccountMenu(page: Page) {
  await page.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  await expect(page.getByRole('banner').getByRole('menu')).toBeVisible();
}
