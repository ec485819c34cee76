import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';

// The matter list at scale against the real server: large@example.com administers the
// organization SEED_SCALE seeds at start (playwright.config.ts: 3,000 matters). The list fetches
// only the pages in view, and comes back to the same rows after a reload and the back button.

test.use({ locale: 'ja-JP' });

const largeUser = { email: 'large@example.com', password: demoUsers.REGULAR.password };

async function signIn(page: Page) {
  await page.goto('/login');
  await logIn(page, 'REGULAR', largeUser.email, largeUser.password);
  await expect(page).toHaveURL(/\/projects/);
  await expect(page.getByRole('table', { name: '案件一覧' })).toBeVisible();
}

/** The reference code of the last fully visible row of the list. */
async function lastVisibleReference(page: Page): Promise<string> {
  const region = await page.getByRole('region', { name: '案件一覧' }).boundingBox();
  const rows = await page.locator('.vt-row').all();
  let last = '';
  let lastBottom = -Infinity;
  for (const row of rows) {
    const box = await row.boundingBox();
    if (!box || !region || box.y + box.height > region.y + region.height + 1) continue;
    if (box.y + box.height > lastBottom) {
      lastBottom = box.y + box.height;
      last = (await row.getByRole('cell').first().textContent()) ?? '';
    }
  }
  return last;
}

test('scrolls to the last matter of a large list, and comes back to it after a reload and the back button', async ({
  page,
}) => {
  const listCalls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/user/projects') listCalls.push(url);
  });
  await signIn(page);
  await page.goto('/projects?sort=refrenceCode&order=asc');
  const table = page.getByRole('table', { name: '案件一覧' });
  const count = Number(await table.getAttribute('aria-rowcount')) - 1;
  expect(count).toBeGreaterThan(2000);

  // To the end in one jump: only the first page and the last ones are fetched.
  const region = page.getByRole('region', { name: '案件一覧' });
  // The scroll container to its end in one jump (e2e has no DOM types: the shape it uses).
  await region.evaluate((element: { scrollTop: number; scrollHeight: number }) => {
    element.scrollTop = element.scrollHeight;
  });
  const lastRow = page.locator(`.vt-row[aria-rowindex="${count + 1}"]`);
  await expect(lastRow.getByRole('cell').first()).not.toHaveText('');
  await expect(lastRow).not.toContainText('読み込み中');
  const lastReference = await lastVisibleReference(page);
  expect(lastReference).not.toBe('');
  const offsets = listCalls.map((url) => Number(url.searchParams.get('offset') ?? 0));
  expect(offsets.length).toBeLessThanOrEqual(4);
  expect(Math.max(...offsets)).toBeGreaterThan(count - 200);

  // A reload comes back to the same rows (the position is kept per URL for the session).
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(lastReference) })).toBeVisible();
  expect(await lastVisibleReference(page)).toBe(lastReference);

  // Into a matter and back: the same rows again, the view's sort in the URL.
  await page.getByRole('row', { name: new RegExp(lastReference) }).click();
  await expect(page).toHaveURL(/project-id=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/projects\?sort=refrenceCode&order=asc$/);
  await expect(page.getByRole('row', { name: new RegExp(lastReference) })).toBeVisible();
  expect(await lastVisibleReference(page)).toBe(lastReference);
});

test('filters and sort survive a reload, and the CSV of the filtered view downloads with its progress', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/projects?tab=patent&sort=title&order=desc');
  await expect(page.getByRole('tab', { name: /特許/, selected: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: /特許/, selected: true })).toBeVisible();
  const header = page.getByRole('columnheader', { name: /案件名/ });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const patentCount = Number(
    ((await page.getByRole('tab', { name: /特許/ }).textContent()) ?? '').replace(/\D/g, ''),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV出力' }).click();
  const file = await download;
  const bytes = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(bytes as Buffer[]);
  expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = text.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('"整理番号"');
  expect(lines.length - 1).toBe(patentCount);
});
