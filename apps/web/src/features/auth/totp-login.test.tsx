import { configure, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthError } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderWithProviders';
import type { Rendered } from '../../../test/renderWithProviders';

// Pages load lazily (zod, texts, the code step): on a busy machine that takes longer than 1 s.
configure({ asyncUtilTimeout: 5_000 });

async function fill(app: Rendered, field: HTMLElement, text: string) {
  await app.user.click(field);
  await app.user.paste(text);
}

async function signInWithPassword(locale: 'ja' | 'en') {
  const app = renderApp('/login?redirect=%2Fchat', { session: null, apiUser: makeUser(), locale });
  const labels =
    locale === 'ja'
      ? { submit: 'ログイン', email: 'メールアドレス', password: 'パスワード' }
      : { submit: 'Log in', email: 'Email address', password: 'Password' };
  await app.findByRole('button', { name: labels.submit }, { timeout: 20_000 });
  vi.spyOn(app.auth.identity, 'signIn').mockResolvedValue({ status: 'totpRequired' });
  await fill(app, app.getByLabelText(labels.email), 'demo@example.com');
  await fill(app, app.getByLabelText(labels.password), 'Demo-Pass1');
  await app.user.click(app.getByRole('button', { name: labels.submit }));
  return app;
}

describe('/login with two-factor sign-in', { timeout: 60_000 }, () => {
  it('asks for the 6-digit code after the password, keeps a wrong one from passing, and signs in with the right one', async () => {
    const app = await signInWithPassword('ja');
    const field = await app.findByLabelText('確認コード', {}, { timeout: 20_000 });
    // The keyboard continues in the code field.
    await waitFor(() => expect(field).toHaveFocus());
    expect(app.getByRole('heading', { name: '2段階認証' })).toBeInTheDocument();
    expect(app.location()).toMatch(/^\/login/);

    const confirm = vi
      .spyOn(app.auth.identity, 'confirmSignInCode')
      .mockRejectedValueOnce(fakeAuthError('auth.error.codeMismatch', 'CodeMismatchException'));
    await app.user.type(field, '12345');
    await app.user.keyboard('{Enter}');
    expect(await app.findByText('6桁の数字を入力してください')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    await app.user.type(field, '6');
    await app.user.keyboard('{Enter}');
    expect(await app.findByText('確認コードが正しくありません。')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith('123456');
    expect(field).toHaveValue('');
    expect(app.location()).toMatch(/^\/login/);

    // Full-width digits typed on a Japanese keyboard are sent as digits.
    await fill(app, app.getByLabelText('確認コード'), '６５４３２１');
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(confirm).toHaveBeenLastCalledWith('654321');
    expect(app.missingKeys).toEqual([]);
  });

  it('reads in English and goes back to the password form', async () => {
    const app = await signInWithPassword('en');
    expect(
      await app.findByText(
        'Enter the 6-digit code shown in your authenticator app.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'Back to log in' }));
    expect(await app.findByLabelText('Password')).toHaveValue('');
    expect(app.missingKeys).toEqual([]);
  });
});
