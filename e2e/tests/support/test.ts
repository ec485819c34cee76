import { test as base } from '@playwright/test';
import { restoreDemoLocales } from './language.js';

export { expect } from '@playwright/test';

/**
 * Every spec's `test`: after a test that did not pass, the demo users' saved language is set back
 * to Japanese through the API. A spec that switches a demo user to English switches it back in a
 * `finally`, but a test cut short by its timeout has lost its page by then, and every later spec
 * would meet an English interface (one slow walk once failed the four specs after it this way).
 */
export const test = base.extend<{ demoLocalesRestored: void }>({
  demoLocalesRestored: [
    async ({ baseURL }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus && baseURL) await restoreDemoLocales(baseURL);
    },
    { auto: true },
  ],
});
