import { expect, test } from './support/test.js';
import type { Locator, Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';

// At 820 px (a tablet, a half-screen window) the lists scroll sideways with their first column
// in view instead of squeezing the columns until Japanese text stands one character per line,
// and the collective-payment button stays inside its card. Against the demo data.

test.use({ locale: 'ja-JP', viewport: { width: 820, height: 1100 } });

async function signIn(page: Page, userType: 'REGULAR' | 'PATENT') {
  await page.goto('/login');
  await logIn(page, userType, demoUsers[userType].email, demoUsers[userType].password);
  await expect(page).toHaveURL(/\/projects/);
}

interface Box {
  width: number;
  top: number;
}

/** What the page script reads of the table (this project compiles without the DOM types). */
interface TableElement {
  ownerDocument: {
    createRange(): { selectNodeContents(node: unknown): void; getClientRects(): ArrayLike<Box> };
  };
  querySelectorAll(selector: string): ArrayLike<{ getBoundingClientRect(): Box }>;
}

/**
 * No column is squeezed to a few characters (a request name broken one syllable per line): every
 * cell of the first row is at least about four characters wide, unless its text is that short and
 * stands on one line (a balance of ￥0).
 */
async function expectReadableRows(table: Locator) {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const cells = await table.evaluate((element: TableElement) =>
    Array.from(element.querySelectorAll('tbody tr:first-child > td')).map((cell) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(cell);
      // Boxes of one line start within a few pixels of each other; a new line starts lower.
      const tops = Array.from(range.getClientRects())
        .map((box) => box.top)
        .sort((a, b) => a - b);
      const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 8).length;
      return { width: cell.getBoundingClientRect().width, lines };
    }),
  );
  const squeezed = cells.filter((cell) => cell.width < 64 && cell.lines > 1);
  expect(squeezed).toEqual([]);
}

test('client: the invoice lists scroll sideways, the pay-together button fits its card, /terms is readable', async ({
  page,
}) => {
  await signIn(page, 'REGULAR');
  for (const path of ['/invoice/unpaid-invoice-list', '/invoice/paid-invoice-list']) {
    await page.goto(path);
    const table = page.getByRole('table', { name: '請求書' });
    await expect(table).toBeVisible();
    if ((await table.locator('tbody tr td[colspan]').count()) > 0) continue; // empty list
    await expectReadableRows(table);
    const number = table.locator('tbody tr').first().getByRole('link').first();
    const numberBox = await number.boundingBox();
    expect(numberBox?.height ?? 99).toBeLessThan(30); // one line
  }

  await page.goto('/invoice/collective-payment');
  const pay = page.getByRole('button', { name: /まとめて支払う/ }).first();
  await expect(pay).toBeVisible();
  const card = pay.locator('xpath=ancestor::section[1]');
  const [payBox, cardBox] = [await pay.boundingBox(), await card.boundingBox()];
  expect(payBox!.x + payBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);

  await page.goto('/terms');
  const deadlines = page.getByRole('table').first();
  await expect(deadlines).toBeVisible();
  await expectReadableRows(deadlines);
});

test('office: the estimates list scrolls sideways with the number in view', async ({ page }) => {
  await signIn(page, 'PATENT');
  await page.goto('/invoice/firm/estimates');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  if ((await table.locator('tbody tr td[colspan]').count()) === 0) await expectReadableRows(table);
});
