import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demoUsers } from './auth.js';
import type { UserType } from './auth.js';

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

/** Where each demo user signs in (the embedded identity service) and keeps its profile. */
const demoAccounts: Record<UserType, { identity: string; clientId: string; profile: string }> = {
  REGULAR: { identity: '/identity/regular', clientId: 'local-regular-client', profile: '/user/user' },
  PATENT: { identity: '/identity/patent', clientId: 'local-patent-client', profile: '/patent/user' },
};

/**
 * Saves Japanese as both demo users' language through the API, as the header's button does:
 * for a test that ended before its `finally` could switch back (support/test.ts).
 */
export async function restoreDemoLocales(baseURL: string) {
  for (const userType of ['REGULAR', 'PATENT'] as const) {
    const account = demoAccounts[userType];
    const signIn = await fetch(new URL(account.identity, baseURL), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: account.clientId,
        AuthParameters: { USERNAME: demoUsers[userType].email, PASSWORD: demoUsers[userType].password },
      }),
    });
    const { AuthenticationResult } = (await signIn.json()) as { AuthenticationResult?: { IdToken?: string } };
    const token = AuthenticationResult?.IdToken;
    if (!token) throw new Error(`${demoUsers[userType].email} could not sign in to restore its language`);
    const saved = await fetch(new URL(account.profile, baseURL), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'ja' }),
    });
    if (!saved.ok) throw new Error(`${demoUsers[userType].email}: saving Japanese answered ${saved.status}`);
  }
}
