import { act, configure, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthError } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderWithProviders';
import type { Rendered } from '../../../test/renderWithProviders';

// Pages load lazily (zod, regions, texts): on a busy machine that takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

/** Types a value at once (one paste) instead of key by key: much faster in jsdom. */
async function fill(app: Rendered, field: HTMLElement, text: string) {
  await app.user.click(field);
  await app.user.paste(text);
}

const signedOut = { session: null, apiUser: makeUser() } as const;

async function openLogin(path = '/login?redirect=%2Fchat') {
  const app = renderApp(path, signedOut);
  await app.findByRole('button', { name: 'ログイン' }, { timeout: 20_000 });
  return app;
}

// The first test of a file pays for loading the lazy modules (zod, the identity library).
describe('/login', { timeout: 60_000 }, () => {
  it('checks the fields with the domain schemas, keeps what was typed and does not call the identity service', async () => {
    const app = await openLogin();
    const signIn = vi.spyOn(app.auth.identity, 'signIn');
    await fill(app, app.getByLabelText('メールアドレス'), 'not-an-email');
    await app.user.click(app.getByRole('button', { name: 'ログイン' }));

    await waitFor(() =>
      expect(app.getByText('メールアドレスは name@example.com の形で入力してください')).toBeInTheDocument(),
    );
    expect(app.getByText('必須項目です')).toBeInTheDocument();
    expect(app.getByLabelText('メールアドレス')).toHaveValue('not-an-email');
    expect(app.getByLabelText('メールアドレス')).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
    expect(app.missingKeys).toEqual([]);
  });

  it('returns to the redirect target after signing in, as the chosen user type', async () => {
    const app = await openLogin('/login?redirect=%2Fchat%3Fx%3D1');
    const signIn = vi.spyOn(app.auth.identity, 'signIn');
    await app.user.click(app.getByRole('radio', { name: /特許事務所ユーザー/ }));
    await fill(app, app.getByLabelText('メールアドレス'), ' firm@example.com ');
    await fill(app, app.getByLabelText('パスワード'), 'Demo-Pass1');
    await app.user.click(app.getByRole('button', { name: 'ログイン' }));

    await waitFor(() => expect(app.location()).toBe('/chat?x=1'));
    expect(signIn).toHaveBeenCalledWith('PATENT', 'firm@example.com', 'Demo-Pass1');
    expect(app.store.getState().auth).toMatchObject({ status: 'signedIn', userType: 'PATENT' });
  });

  it('lands on /projects without a redirect target', async () => {
    const app = await openLogin('/login');
    await fill(app, app.getByLabelText('メールアドレス'), 'demo@example.com');
    await fill(app, app.getByLabelText('パスワード'), 'Demo-Pass1');
    await app.user.click(app.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(app.location()).toBe('/projects'));
  });

  it('shows a spinner while signing in, then the translated failure with the user type hint; nothing is lost', async () => {
    const app = await openLogin();
    let reject: (error: unknown) => void = () => undefined;
    vi.spyOn(app.auth.identity, 'signIn').mockReturnValue(
      new Promise((_resolve, rejectSignIn) => {
        reject = rejectSignIn;
      }),
    );
    await fill(app, app.getByLabelText('メールアドレス'), 'demo@example.com');
    await fill(app, app.getByLabelText('パスワード'), 'Wrong-Pass1');
    await app.user.click(app.getByRole('button', { name: 'ログイン' }));

    await waitFor(() =>
      expect(app.getByRole('button', { name: /ログイン/ })).toHaveAttribute('aria-busy', 'true'),
    );
    await act(() =>
      Promise.resolve(reject(fakeAuthError('auth.error.incorrectCredentials', 'NotAuthorizedException'))),
    );

    const alert = await app.findByRole('alert');
    expect(alert).toHaveTextContent('メールアドレスまたはパスワードが正しくありません。');
    expect(alert).toHaveTextContent('ユーザー種別の選択が正しいかもご確認ください。');
    expect(app.getByRole('button', { name: 'ログイン' })).not.toHaveAttribute('aria-busy');
    expect(app.getByLabelText('メールアドレス')).toHaveValue('demo@example.com');
    expect(app.getByLabelText('パスワード')).toHaveValue('Wrong-Pass1');
    expect(app.location()).toBe('/login?redirect=%2Fchat');
    expect(app.missingKeys).toEqual([]);
  });

  it('offers the code entry to an unconfirmed user, carrying the email and user type', async () => {
    const app = await openLogin();
    vi.spyOn(app.auth.identity, 'signIn').mockRejectedValue(
      fakeAuthError('auth.error.userNotConfirmed', 'UserNotConfirmedException'),
    );
    await fill(app, app.getByLabelText('メールアドレス'), 'new@example.com');
    await fill(app, app.getByLabelText('パスワード'), 'Momiji-2025');
    await app.user.click(app.getByRole('button', { name: 'ログイン' }));

    const link = within(await app.findByRole('alert')).getByRole('link', { name: '確認コードを入力する' });
    expect(link).toHaveAttribute('href', '/verify?email=new%40example.com&userType=REGULAR&redirect=%2Fchat');
  });

  it('asks an invited user for a new password and the missing attributes, then signs in', async () => {
    const app = await openLogin();
    vi.spyOn(app.auth.identity, 'signIn').mockResolvedValue({
      status: 'newPasswordRequired',
      requiredAttributes: ['phone_number'],
      userAttributes: { email: 'invited@example.com', name: 'Invited' },
    });
    const complete = vi.spyOn(app.auth.identity, 'completeNewPassword');
    await fill(app, app.getByLabelText('メールアドレス'), 'invited@example.com');
    await fill(app, app.getByLabelText('パスワード'), 'Temp-Pass1');
    await app.user.click(app.getByRole('button', { name: 'ログイン' }));

    expect(await app.findByRole('heading', { name: '新しいパスワードの設定' })).toBeInTheDocument();
    expect(app.queryByLabelText('氏名')).toBeNull(); // already known
    await fill(app, app.getByLabelText('新しいパスワード'), 'short');
    expect(app.getByText('8文字以上').closest('li')).toHaveTextContent('(未達成)');
    await app.user.click(app.getByRole('button', { name: 'パスワードを設定してログイン' }));
    await waitFor(() => expect(app.getByText('8文字以上で入力してください')).toBeInTheDocument());
    expect(complete).not.toHaveBeenCalled();

    await app.user.clear(app.getByLabelText('新しいパスワード'));
    await fill(app, app.getByLabelText('新しいパスワード'), 'Kaede-2026');
    expect(app.getByText('8文字以上').closest('li')).toHaveTextContent('(達成)');
    await fill(app, app.getByLabelText('新しいパスワード（確認）'), 'Kaede-2026');
    await fill(app, app.getByLabelText('電話番号'), '+81 90-1234-5678');
    await app.user.click(app.getByRole('button', { name: 'パスワードを設定してログイン' }));

    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(complete).toHaveBeenCalledWith('Kaede-2026', { phone_number: '+819012345678' });
    expect(app.missingKeys).toEqual([]);
  });
});
