import { expect, test } from './support/test.js';
import type { Locator, Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';

// Dialogs and edit modes in a real Chromium with real keys: Escape closes only the innermost
// open thing, unsaved input is not lost without a question, toasts never lie over a dialog's
// controls.

test.use({ locale: 'ja-JP' });

async function signIn(page: Page) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects/);
  await expect(page.getByRole('table', { name: '案件一覧' })).toBeVisible();
}

async function openCreateMatter(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '案件作成' }).first().click();
  const dialog = page.getByRole('dialog', { name: '案件作成' });
  await expect(dialog.getByRole('textbox', { name: /案件名/ })).toBeVisible();
  return dialog;
}

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not laid out');
  return !(x.x + x.width <= y.x || y.x + y.width <= x.x || x.y + x.height <= y.y || y.y + y.height <= x.y);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('Create Matter: focus starts on the first field; Escape closes the region list, then asks before the title is lost', async ({
  page,
}) => {
  const dialog = await openCreateMatter(page);
  await expect(dialog.getByRole('radio', { name: '特許権' })).toBeFocused();

  const title = dialog.getByRole('textbox', { name: /案件名/ });
  await title.fill('破棄の確認');
  const region = dialog.getByRole('combobox', { name: /国・地域/ });
  await region.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(title).toHaveValue('破棄の確認');

  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: '入力内容を破棄しますか？' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: '編集を続ける' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(title).toHaveValue('破棄の確認');

  await dialog.getByRole('button', { name: '閉じる' }).first().click();
  await ask.getByRole('button', { name: '破棄して閉じる' }).click();
  await expect(dialog).toBeHidden();
});

test('request form: Escape on the native office type list closes the list, not the dialog', async ({
  page,
}) => {
  await page.goto('/requests');
  await page.getByRole('button', { name: '新規依頼' }).click();
  const dialog = page.getByRole('dialog', { name: '依頼の登録' });
  await dialog.getByRole('textbox', { name: /依頼名/ }).fill('閉じない依頼');
  const officeType = dialog.getByRole('combobox', { name: /事務所種別/ });
  await officeType.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // Escape went to the open list: the dialog did not even ask about closing.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: /依頼名/ })).toHaveValue('閉じない依頼');
});

test('Create Matter: four presses give one warning, inside the dialog and clear of its controls; after creating, the toast opens the matter', async ({
  page,
}) => {
  const dialog = await openCreateMatter(page);
  const create = dialog.getByRole('button', { name: '作成', exact: true });
  for (let i = 0; i < 4; i += 1) await create.click();
  const notices = dialog.getByLabel('通知');
  await expect(notices.getByText('入力内容にエラーがあります')).toHaveCount(1);
  expect(await overlaps(notices, dialog.getByRole('button', { name: '閉じる' }).first())).toBe(false);
  expect(await overlaps(notices, create)).toBe(false);
  expect(await overlaps(notices, dialog.getByRole('radio', { name: '特許権' }))).toBe(false);

  const reference = `E2E-O-${Date.now().toString(36).toUpperCase()}`;
  await dialog.getByRole('radio', { name: '特許権' }).check();
  await dialog.getByRole('textbox', { name: /整理番号/ }).fill(reference);
  await dialog.getByRole('combobox', { name: /国・地域/ }).fill('日本');
  await dialog.getByRole('option', { name: '日本' }).click();
  await dialog.getByRole('textbox', { name: /案件名/ }).fill('トーストから開く案件');
  await create.click();
  await expect(dialog).toBeHidden();
  const pageNotices = page.getByLabel('通知');
  await expect(pageNotices.getByText('案件を登録しました')).toBeVisible();
  await expect(pageNotices.getByText('入力内容にエラーがあります')).toHaveCount(0);
  await pageNotices.getByRole('button', { name: '案件を開く' }).click();
  await expect(page).toHaveURL(/\/projects\?project-id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: /トーストから開く案件/ })).toBeVisible();
});

test('edit profile: a link asks before the changes are lost, and so does closing the tab', async ({
  page,
}) => {
  await page.goto('/edit-profile');
  const address = page.getByLabel('住所');
  await expect(address).toBeVisible();
  await address.fill('大阪府大阪市北区');
  await page
    .getByRole('link', { name: /案件管理/ })
    .first()
    .click();
  const ask = page.getByRole('alertdialog', { name: '入力内容を破棄しますか？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '編集を続ける' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(address).toHaveValue('大阪府大阪市北区');

  const question = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await question).toBe('beforeunload');
});
