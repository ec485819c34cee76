import { join } from 'node:path';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers, logIn, openAccountMenu, uniqueEmail, verifyFromMail } from './support/auth';
import { waitForMail } from './support/mail';
import { chooseLanguage } from './support/language';

// Organizations against the real server: a freshly signed-up user creates an organization,
// invites a second address (the link is read from the mail the server wrote), the invitee signs
// up through the link and joins on their first sign-in, the administrator assigns one matter,
// and the member sees exactly that one. Guards and sidebar entries are checked on the way.

test.use({ locale: 'ja-JP' });

const password = 'Org-Pass1';
const screenshots = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'メインメニュー' });
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

/** The /signup form (Japanese), already open. */
async function fillSignUp(page: Page, email: string, name: string) {
  await page.getByRole('radio', { name: /企業ユーザー/ }).check();
  await page.getByLabel('氏名', { exact: true }).fill(name);
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

/** After /verify: the login form has the email; enter the password and sign in. */
async function signInAfterVerify(page: Page) {
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

async function signOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', email, password);
  await expect(page).toHaveURL(/\/projects/);
}

/** The link of the newest invitation mail to `email` (written as .eml under DATA_DIR/mail). */
async function invitationLink(email: string): Promise<string> {
  const { text, file } = await waitForMail(email, 'organizationInvitation');
  const link = /https?:\/\/\S+\/organization\/invitation\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in ${file}`);
  return link;
}

async function createMatter(page: Page, reference: string, title: string) {
  await page.getByRole('button', { name: '案件作成' }).first().click();
  const dialog = page.getByRole('dialog', { name: '案件作成' });
  await dialog.getByRole('radio', { name: '特許権' }).check();
  await dialog.getByRole('textbox', { name: /整理番号/ }).fill(reference);
  await dialog.getByRole('combobox', { name: /国・地域/ }).fill('日本');
  await dialog.getByRole('option', { name: '日本' }).click();
  await dialog.getByRole('textbox', { name: /案件名/ }).fill(title);
  await dialog.getByRole('button', { name: '作成', exact: true }).click();
  await expect(toast(page, '案件を登録しました')).toBeVisible();
  await expect(dialog).toBeHidden();
  await closeToasts(page);
}

test('create an organization, invite a member by mail, assign one matter: the member sees exactly that one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const adminEmail = uniqueEmail('e2e-org-admin');
  const memberEmail = uniqueEmail('e2e-org-member');
  const stamp = Date.now().toString(36).toUpperCase();

  // A fresh REGULAR user: organization setup in the sidebar, no management; the guards agree.
  await page.goto('/signup');
  await fillSignUp(page, adminEmail, '組織 管理者');
  await verifyFromMail(page, adminEmail);
  await signInAfterVerify(page);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(mainMenu(page).getByRole('link', { name: '組織設定' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: '組織管理' })).toHaveCount(0);
  for (const path of ['/organization/users', '/organization/manage']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }

  // Create the organization: the sidebar swaps setup for management at once.
  await mainMenu(page).getByRole('link', { name: '組織設定' }).click();
  await expect(page).toHaveURL(/\/organization\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: '組織設定' })).toBeVisible();
  await page.getByRole('button', { name: '組織を作成する' }).click();
  await expect(toast(page, '入力内容に誤りがあります')).toBeVisible();
  await expect(page.getByText('必須項目です')).toHaveCount(2);
  await closeToasts(page);
  await shot(page, 'org-create-errors-ja');
  await page.getByLabel(/組織名/).fill(`E2E 株式会社 ${stamp}`);
  await page.getByLabel(/代表者名/).fill('代表 太郎');
  await page.getByRole('button', { name: '組織を作成する' }).click();
  await expect(toast(page, /組織「E2E 株式会社 .*」を作成しました/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainMenu(page).getByRole('link', { name: '組織管理' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: '組織設定' })).toHaveCount(0);
  await closeToasts(page);
  await page.goto('/organization/create');
  await expect(page).toHaveURL(/\/$/);

  // Two matters of the organization.
  await createMatter(page, `ORG-${stamp}-1`, `割り当てる案件 ${stamp}`);
  await createMatter(page, `ORG-${stamp}-2`, `割り当てない案件 ${stamp}`);

  // Invite the second user.
  await mainMenu(page).getByRole('link', { name: '組織管理' }).click();
  await expect(page).toHaveURL(/\/organization\/users$/);
  await expect(
    page.getByRole('navigation', { name: '組織管理メニュー' }).getByRole('link', { name: 'ユーザー' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'ユーザーを招待' }).click();
  const invite = page.getByRole('dialog', { name: 'ユーザーを招待' });
  await invite.getByLabel(/メールアドレス/).fill(memberEmail);
  await shot(page, 'org-invite-dialog-ja');
  await invite.getByRole('button', { name: '招待メールを送る' }).click();
  await expect(toast(page, `${memberEmail} を招待しました。招待メールを送信します`)).toBeVisible();
  const invitedRow = page.getByRole('row', { name: new RegExp(memberEmail) });
  await expect(invitedRow).toContainText('招待中');
  await closeToasts(page);
  await shot(page, 'org-users-ja');
  const link = await invitationLink(memberEmail);
  await signOut(page);

  // The invitee follows the link signed out, signs up from /login, and joins on first sign-in.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=%2Forganization%2Finvitation%3Ftoken%3D/);
  await page.getByRole('link', { name: '新規登録' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=/);
  await fillSignUp(page, memberEmail, '組織 メンバー');
  await verifyFromMail(page, memberEmail);
  await signInAfterVerify(page);
  await expect(page).toHaveURL(/\/organization\/invitation\?token=/);
  await expect(page.getByText(/あなたは組織「E2E 株式会社 .*」のメンバーです。/)).toBeVisible();
  await shot(page, 'org-invitation-joined-ja');
  // A member: neither organization entry; management is refused.
  await expect(mainMenu(page).getByRole('link', { name: '組織設定' })).toHaveCount(0);
  await expect(mainMenu(page).getByRole('link', { name: '組織管理' })).toHaveCount(0);
  await page.goto('/organization/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('案件が登録されていません')).toBeVisible();
  await signOut(page);

  // The administrator sees the member as active and assigns one matter.
  await signIn(page, adminEmail);
  await page.goto('/organization/users');
  await expect(page.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('参加中');
  await page.goto('/projects');
  await page.getByRole('table', { name: '案件一覧' }).getByText(`割り当てる案件 ${stamp}`).click();
  const assignees = page.getByRole('region', { name: '担当者' });
  await expect(assignees).toContainText('組織の管理者はすべての案件の担当者です');
  await assignees.getByRole('button', { name: '担当者を選ぶ' }).click();
  const picker = page.getByRole('dialog', { name: '担当者を選ぶ' });
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: /組織 メンバー/ }).check();
  await shot(page, 'org-assignee-picker-ja');
  await picker.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '担当者を保存しました')).toBeVisible();
  await expect(assignees).toContainText('組織 メンバー');
  await closeToasts(page);
  await shot(page, 'org-matter-assignees-ja');
  await signOut(page);

  // The member sees exactly that one matter.
  await signIn(page, memberEmail);
  const list = page.getByRole('table', { name: '案件一覧' });
  await expect(list.getByText(`割り当てる案件 ${stamp}`)).toBeVisible();
  await expect(list.getByText(`割り当てない案件 ${stamp}`)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /すべて/ })).toContainText('1');
});

test('the organization screens in English (demo administrator)', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects/);
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  try {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Organization management' })
      .click();
    await expect(page).toHaveURL(/\/organization\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users of the organization' });
    await expect(table.getByRole('row', { name: new RegExp(demoUsers.REGULAR.email) })).toContainText(
      'Active',
    );
    await shot(page, 'org-users-en');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite user' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText('Required').last()).toBeVisible();
    await shot(page, 'org-invite-dialog-en');
    // A link opened by someone else than the invited address cannot be accepted.
    const outsider = uniqueEmail('e2e-org-outsider');
    await invite.getByLabel(/Email address/).fill(outsider);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, `${outsider} was invited; the invitation mail is on its way`)).toBeVisible();
    await closeToasts(page);
    await page.goto(await invitationLink(outsider));
    await expect(page.getByRole('heading', { name: /Invitation to / })).toBeVisible();
    await expect(page.getByText(`This invitation was sent to ${outsider}.`, { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept and join' })).toHaveCount(0);
    await shot(page, 'org-invitation-other-email-en');
    // Revoke it from the users page.
    await page.goto('/organization/users');
    await page
      .getByRole('row', { name: new RegExp(outsider) })
      .getByRole('button', { name: 'Revoke invitation' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, `Invitation to ${outsider} revoked`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(outsider) })).toHaveCount(0);
    await closeToasts(page);

    await page.getByRole('button', { name: 'Edit organization' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit organization' })).toBeVisible();
    await shot(page, 'org-edit-dialog-en');
    await page
      .getByRole('dialog', { name: 'Edit organization' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    await page.goto('/projects');
    await page.getByRole('table', { name: 'Matters' }).getByRole('row').nth(1).click();
    const assignees = page.getByRole('region', { name: 'Assignees' });
    await expect(assignees).toContainText('Administrators of the organization are assignees of every matter');
    await assignees.getByRole('button', { name: 'Choose assignees' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose assignees' })).toBeVisible();
    await shot(page, 'org-assignee-picker-en');
    await page.keyboard.press('Escape');

    await page.goto('/organization/invitation?token=no-such-token');
    await expect(page.getByText(/This invitation was not found/)).toBeVisible();
    await shot(page, 'org-invitation-notfound-en');
  } finally {
    // Other specs sign the demo user in expecting Japanese (support/language.ts).
    await page.goto('/projects');
    await chooseLanguage(page, '日本語');
  }
});
