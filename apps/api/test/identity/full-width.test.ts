/**
 * Sign-up with what a Japanese keyboard gives: a full-width email address, phone number and
 * code. The identity service stores the half-width forms (the address is the user name), and the
 * client library sends them, so the same person signs in whichever width they type.
 */
import { MemoryStorage, createAuthClient } from '@ipportal/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDriver } from '../support/db.js';
import { startIdentityServer, type IdentityServer } from './support.js';

let server: IdentityServer;

beforeAll(async () => {
  if (skipDriver) return;
  server = await startIdentityServer();
});

afterAll(async () => {
  await server?.close();
});

const toFullWidth = (text: string) =>
  [...text].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');

describe.skipIf(skipDriver)('full-width sign-up', () => {
  const email = 'kenji@example.com';
  const password = 'Sakura-2024';

  it('SignUp takes a full-width address and phone number and stores their half-width forms', async () => {
    const typed = toFullWidth(email);
    expect(typed).toBe('ｋｅｎｊｉ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    const signedUp = await server.call('REGULAR', 'SignUp', {
      ClientId: server.pools.REGULAR.clientId,
      Username: typed,
      Password: password,
      UserAttributes: [
        { Name: 'name', Value: '佐藤 健二' },
        { Name: 'address', Value: '東京都千代田区' },
        { Name: 'email', Value: typed },
        { Name: 'phone_number', Value: '＋８１ ３－１２３４ー５６７８' },
        { Name: 'custom:region_code', Value: '１' },
      ],
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const stored = await server.service.repository.findUser('REGULAR', email);
    expect(stored?.username).toBe(email);
    expect(stored?.attributes).toMatchObject({
      email,
      phone_number: '+81312345678',
      'custom:region_code': '1',
    });

    // The code is mailed to the half-width address; typed in full width it still confirms.
    const code = await server.lastCode(email, 'signupCode');
    const confirmed = await server.call('REGULAR', 'ConfirmSignUp', {
      ClientId: server.pools.REGULAR.clientId,
      Username: typed,
      ConfirmationCode: toFullWidth(code),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  });

  it('signs in through @ipportal/auth with the address in either width', async () => {
    const auth = createAuthClient({ pools: server.pools, storage: new MemoryStorage(), locale: () => 'ja' });
    const outcome = await auth.signIn('REGULAR', toFullWidth(email), password);
    expect(outcome.status).toBe('signedIn');
    expect((await auth.currentSession())?.email).toBe(email);
    await auth.signOut();
    expect((await auth.signIn('REGULAR', email, password)).status).toBe('signedIn');
  });

  it('@ipportal/auth signs a full-width address up as its half-width form', async () => {
    const auth = createAuthClient({ pools: server.pools, storage: new MemoryStorage(), locale: () => 'ja' });
    await auth.signUp(
      'REGULAR',
      {
        name: '山田 花子',
        address: '大阪府',
        email: toFullWidth('hanako.y@example.com'),
        phone_number: '＋８１ ６－１２３４－５６７８',
        'custom:region_code': '1',
      },
      password,
    );
    const stored = await server.service.repository.findUser('REGULAR', 'hanako.y@example.com');
    expect(stored?.attributes).toMatchObject({ email: 'hanako.y@example.com', phone_number: '+81612345678' });
  });
});
