import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// Matters against the real server: the seeded demo REGULAR user (its organization owns a dozen
// matters) creates, edits, duplicates and deletes matters, groups and exports the list. Tests run
// one after another on one server, so each creates what it changes.

test.use({ locale: 'ja-JP' });

async function signIn(page: Page) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects/);
  await expect(page.getByRole('table', { name: '案件一覧' })).toBeVisible();
}

/** A toast (its message is preceded by the level for screen readers, e.g. "情報: "). */
function toast(page: Page, text: string) {
  return page
    .getByLabel(/通知|Notifications/)
    .getByText(text)
    .first();
}

/** Toasts stay until closed and stack over the top right of the page: close them. */
async function closeToasts(page: Page) {
  const close = page.getByLabel(/通知|Notifications/).getByRole('button', { name: /閉じる|Close/ });
  while ((await close.count()) > 0) await close.first().click();
}

let serial = 0;
function uniqueReference(prefix: string): string {
  serial += 1;
  return `${prefix}-${Date.now().toString(36).toUpperCase()}-${serial}`;
}

/**
 * Creates a matter through the dialog; ends on its detail. With "continue to estimate" the
 * detail opens on the request info tab with the estimate request form (the Requests issue's
 * dialog), which this closes; without, the matter is opened from the list.
 */
async function createMatter(page: Page, reference: string, title: string, estimate = false) {
  await page.getByRole('button', { name: '案件作成' }).first().click();
  const dialog = page.getByRole('dialog', { name: '案件作成' });
  await dialog.getByRole('radio', { name: '特許権' }).check();
  await dialog.getByRole('textbox', { name: /整理番号/ }).fill(reference);
  await dialog.getByRole('combobox', { name: /国・地域/ }).fill('日本');
  await dialog.getByRole('option', { name: '日本' }).click();
  await dialog.getByRole('textbox', { name: /案件名/ }).fill(title);
  if (estimate) await dialog.getByRole('checkbox', { name: /続けて見積依頼をする/ }).check();
  await dialog.getByRole('button', { name: '作成', exact: true }).click();
  await expect(toast(page, '案件を登録しました')).toBeVisible();
  await expect(dialog).toBeHidden();
  await closeToasts(page);
  if (estimate) {
    await expect(page).toHaveURL(/\/projects\?project-id=[0-9a-f-]{36}&estimate=true$/);
    const requestForm = page.getByRole('dialog', { name: '依頼の登録' });
    await expect(requestForm.getByRole('radio', { name: '見積依頼' })).toBeChecked();
    await requestForm.getByRole('button', { name: '閉じる' }).click();
    await expect(requestForm).toBeHidden();
  } else {
    // The new matter is in the list without a reload.
    await page.getByRole('searchbox', { name: '検索' }).fill(reference);
    await page.getByRole('cell', { name: reference }).click();
    await expect(page).toHaveURL(/\/projects\?.*project-id=[0-9a-f-]{36}/);
  }
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
}

test.describe('matters', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('Create Matter: validation failure keeps the dialog open; success continues to the estimate', async ({
    page,
  }) => {
    await page.getByRole('button', { name: '案件作成' }).first().click();
    const dialog = page.getByRole('dialog', { name: '案件作成' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await dialog.getByRole('button', { name: '作成', exact: true }).click();
    await expect(toast(page, '入力内容にエラーがあります')).toBeVisible();
    await expect(dialog.getByText('必須項目です')).toHaveCount(4);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();

    const reference = uniqueReference('E2E-C');
    await createMatter(page, reference, 'E2E 作成テスト', true);
    await page.getByRole('link', { name: '案件一覧へ戻る' }).click();
    await page.getByRole('searchbox', { name: '検索' }).fill(reference);
    await expect(page.getByRole('cell', { name: reference })).toBeVisible();
  });

  test('edits a field group and the value survives a reload', async ({ page }) => {
    await createMatter(page, uniqueReference('E2E-E'), 'E2E 編集テスト');
    await page.getByRole('tab', { name: '案件情報' }).click();
    await page.getByRole('button', { name: '出願情報を編集', exact: true }).click();
    const group = page.getByRole('region', { name: '出願情報' });
    await group.getByRole('textbox', { name: '出願番号' }).fill('特願2026-123456');
    await group.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '案件情報を更新しました')).toBeVisible();
    await expect(group.getByText('特願2026-123456')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: '案件情報' }).click();
    await expect(page.getByRole('region', { name: '出願情報' }).getByText('特願2026-123456')).toBeVisible();
  });

  test('duplicates, then deletes the copy and finds it read-only on the deleted tab', async ({ page }) => {
    await createMatter(page, uniqueReference('E2E-D'), 'E2E 複製テスト');
    const originalUrl = page.url();
    await page.getByRole('button', { name: '複製' }).click();
    await page
      .getByRole('alertdialog', { name: 'この案件を複製しますか？' })
      .getByRole('button', { name: '複製する' })
      .click();
    await expect(toast(page, '案件を複製しました')).toBeVisible();
    await closeToasts(page);
    await expect(page).not.toHaveURL(originalUrl);
    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toContainText('E2E 複製テスト');
    // The heading is the reference code (in a span) followed by the title.
    const reference = (await heading.locator('span').textContent()) ?? '';
    const copyTitle = ((await heading.textContent()) ?? '').slice(reference.length).trim();
    expect(copyTitle).toMatch(/E2E 複製テスト.+/);

    await page.getByRole('button', { name: '削除', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'この案件を削除しますか？' });
    await expect(confirm.getByText(/この操作は取り消せません/)).toBeVisible();
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(toast(page, '案件を削除しました')).toBeVisible();
    await expect(page).not.toHaveURL(/project-id=/);

    await page.getByRole('tab', { name: /削除済み/ }).click();
    await page.getByRole('cell', { name: copyTitle }).click();
    await expect(page.getByText(/閲覧のみできます/)).toBeVisible();
    await expect(page.getByRole('button', { name: /を編集$/ })).toHaveCount(0);
  });

  test('groups by family and exports the view as CSV with a BOM', async ({ page }) => {
    await page.getByRole('switch', { name: 'ファミリーでまとめる' }).click();
    await expect(page).toHaveURL(/group=family/);
    await expect(page.getByRole('columnheader', { name: 'ファミリー' })).toBeVisible();
    await expect(page.getByText('正極材料', { exact: true })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV出力' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^matters-all-\d{8}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '"ファミリー","整理番号","権利種別","国・地域","案件名","ステータス","出願番号","出願日","登録番号","依頼数","更新日"',
    );
    expect(text).toContain('"正極材料","P-2024-001","特許権","日本","リチウムイオン二次電池用正極材料"');
  });

  test('switches the list to English and back', async ({ page }) => {
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('tab', { name: /^All/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Reference/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Patent right' }).first()).toBeVisible();
    await page.getByRole('row').nth(1).click();
    await expect(page.getByRole('tab', { name: 'Matter info' })).toBeVisible();
    await expect(page.getByText('Computed').first()).toBeVisible();
    await chooseLanguage(page, '日本語');
    await expect(page.getByRole('tab', { name: '案件情報' })).toBeVisible();
  });

  test('renames a family for all its matters from the detail', async ({ page }) => {
    const family = uniqueReference('FAM');
    const renamed = `${family}-新`;
    const setFamily = async (name: string) => {
      await page.getByRole('tab', { name: '案件情報' }).click();
      await page.getByRole('button', { name: 'ファミリーを編集', exact: true }).click();
      const group = page.getByRole('region', { name: 'ファミリー', exact: true });
      await group.getByRole('textbox', { name: 'ファミリー名' }).fill(name);
      await group.getByRole('button', { name: '保存' }).click();
      await expect(toast(page, 'ファミリー名を保存しました')).toBeVisible();
      await closeToasts(page);
    };
    await createMatter(page, uniqueReference('E2E-F1'), 'E2E ファミリー一');
    await setFamily(family);
    const firstUrl = page.url();
    await page.getByRole('link', { name: '案件一覧へ戻る' }).click();
    await createMatter(page, uniqueReference('E2E-F2'), 'E2E ファミリー二');
    await setFamily(family);

    // The second matter now has a family member: the change renames the whole family by default.
    await page.getByRole('button', { name: 'ファミリーを編集', exact: true }).click();
    const group = page.getByRole('region', { name: 'ファミリー', exact: true });
    await expect(group.getByRole('checkbox', { name: /他の案件（1 件）/ })).toBeChecked();
    await group.getByRole('textbox', { name: 'ファミリー名' }).fill(renamed);
    await group.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, 'ファミリー名を保存しました')).toBeVisible();
    await expect(group.getByText(renamed, { exact: true })).toBeVisible();
    await page.goto(firstUrl);
    await page.getByRole('tab', { name: '案件情報' }).click();
    await expect(
      page.getByRole('region', { name: 'ファミリー', exact: true }).getByText(renamed, { exact: true }),
    ).toBeVisible();
  });

  test('user space: posts, edits and deletes one’s own comment', async ({ page }) => {
    await createMatter(page, uniqueReference('E2E-U'), 'E2E コメント');
    await page.getByRole('tab', { name: 'ユーザースペース' }).click();
    await page.getByRole('textbox', { name: 'コメント' }).fill('図面は来週届きます');
    await page.getByRole('button', { name: '投稿' }).click();
    const list = page.getByRole('list', { name: 'コメント一覧' });
    await expect(list.getByText('図面は来週届きます')).toBeVisible();
    await list.getByRole('button', { name: '編集' }).click();
    const form = page.getByRole('form', { name: '編集' });
    await form.getByRole('textbox', { name: 'コメント' }).fill('図面は再来週届きます');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, 'コメントを更新しました')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'ユーザースペース' }).click();
    await expect(list.getByText('図面は再来週届きます')).toBeVisible();
    await expect(list.getByText('（編集済み）')).toBeVisible();
    await list.getByRole('button', { name: 'コメントを削除' }).click();
    await page
      .getByRole('alertdialog', { name: 'このコメントを削除しますか？' })
      .getByRole('button', { name: '削除する' })
      .click();
    await expect(toast(page, 'コメントを削除しました')).toBeVisible();
    await expect(list).toBeHidden();
    await expect(page.getByText('コメントはまだありません')).toBeVisible();
  });
});

test('a firm (PATENT user) is offered no Create Matter', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'PATENT', demoUsers.PATENT.email, demoUsers.PATENT.password);
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('案件作成')).toHaveCount(0);
});
