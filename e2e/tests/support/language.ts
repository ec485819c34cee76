import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/*
 * The interface language a signed-in user picks is saved to their profile, and a new browser
 * adopts it. The demo users are shared by every spec: a spec that switches one to English
 * switches it back (in a `finally`), or the next spec signs in to an English interface.
 */

/**
 * Picks the language in the header and waits until the profile has saved it. The language
 * already shown is not saved again, so there is nothing to wait for.
 */
export async function chooseLanguage(page: Page, to: 'English' | '日本語') {
  const button = page.getByRole('banner').getByRole('button', { name: to });
  if ((await button.getAttribute('aria-pressed')) === 'true') return;
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith('/user'),
  );
  await button.click();
  expect((await saved).status()).toBe(200);
}
