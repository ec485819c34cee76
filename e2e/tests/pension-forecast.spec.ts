import { mkdir } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';

// /pension's forecast against the real server: the demo organization's administrator sets the
// exchange rates, the 10-year total reads in yen, and a matter marked to be abandoned shows the
// saving. Screenshots (ja and en) go to test-results/pension-forecast/.

test.use({ locale: 'ja-JP' });

test('the administrator sets rates; the forecast reads in yen; marking a matter to be abandoned shows the saving', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, 'REGULAR', demoUsers.REGULAR.email, demoUsers.REGULAR.password);
  await expect(page).toHaveURL(/\/projects/, { timeout: 30_000 });
  // A previous run may have left the demo user in English.
  await chooseLanguage(page, '日本語');
  await page.goto('/pension');
  const forecast = page.getByRole('region', { name: /年金予測/ });
  await expect(forecast).toBeVisible({ timeout: 30_000 });

  // A rate unlike the one a previous run saved, so the form has something to save.
  // The page writes a rate without trailing zeros (150.4, not 150.40): the last digit is never 0.
  const hundredths = (Date.now() % 88) + 11;
  const usd = `150.${hundredths % 10 === 0 ? hundredths + 1 : hundredths}`;
  await forecast.getByRole('textbox', { name: 'USD' }).fill(usd);
  await forecast.getByRole('textbox', { name: 'EUR' }).fill('162.5');
  // The demo EP is validated in the UK too: every currency of the plan needs its rate.
  await forecast.getByRole('textbox', { name: 'GBP' }).fill('191.2');
  await forecast.getByRole('button', { name: 'レートを保存' }).click();
  await expect(forecast.getByText(`1 USD = ${usd} 円`, { exact: false })).toBeVisible();
  await expect(page.getByTestId('forecast-total')).toContainText('￥');
  await expect(page.getByTestId('forecast-total')).not.toContainText('円換算なし');
  await expect(forecast.getByRole('img').or(forecast.locator('svg.recharts-surface')).first()).toBeVisible();

  // The box follows the server's answer (the plan is the organization's), so it is clicked, then awaited.
  const firstBox = forecast.getByRole('checkbox').first();
  await firstBox.click();
  await expect(firstBox).toBeChecked();
  await expect(page.getByTestId('forecast-saving')).toBeVisible();

  await mkdir('test-results/pension-forecast', { recursive: true });
  await forecast.screenshot({ path: 'test-results/pension-forecast/pension-ja.png' });
  await chooseLanguage(page, 'English');
  try {
    await expect(page.getByRole('region', { name: /Annuity forecast/ })).toBeVisible();
    await page
      .getByRole('region', { name: /Annuity forecast/ })
      .screenshot({ path: 'test-results/pension-forecast/pension-en.png' });

    // Leave the demo as it was: no matter marked.
    await page
      .getByRole('region', { name: /Annuity forecast/ })
      .getByRole('checkbox')
      .first()
      .click();
    await expect(page.getByTestId('forecast-saving')).toHaveCount(0);
  } finally {
    // The demo user is shared by every spec (support/language.ts).
    await chooseLanguage(page, '日本語');
  }
});
