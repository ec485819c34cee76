import { configure, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthError } from '../../../test/fake-auth-port';
import { renderApp } from '../../../test/renderWithProviders';
import type { Rendered } from '../../../test/renderWithProviders';

// Pages load lazily (zod, regions, texts): on a busy machine that takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

/** Types a value at once (one paste) instead of key by key: much faster in jsdom. */
async function fill(app: Rendered, field: HTMLElement, text: string) {
  await app.user.click(field);
  await app.user.paste(text);
}

const signedOut = { session: null } as const;

// The first test of a file pays for loading the lazy modules (zod, the identity library).
describe('/signup', { timeout: 60_000 }, () => {
  it('checks every field with the domain schemas and shows the password rules live', async () => {
    const app = renderApp('/signup', signedOut);
    const signUp = vi.spyOn(app.auth.identity, 'signUp');
    await app.findByRole('button', { name: '登録する' }, { timeout: 20_000 });
    await fill(app, app.getByLabelText('パスワード'), 'abcdefgh');
    expect(app.getByText('8文字以上').closest('li')).toHaveTextContent('(達成)');
    expect(app.getByText('英大文字（A-Z）を含む').closest('li')).toHaveTextContent('(未達成)');
    await fill(app, app.getByLabelText('電話番号'), '3-1234-5678');
    await app.user.click(app.getByRole('button', { name: '登録する' }));

    await waitFor(() => expect(app.getByText('英大文字を1文字以上含めてください')).toBeInTheDocument());
    expect(
      app.getByText(
        '電話番号は 03-1234-5678 のように市外局番から、海外の番号は + と国番号から入力してください',
      ),
    ).toBeInTheDocument();
    // No user type chosen: "required", as for the empty name, email, address, region and confirmation.
    expect(app.queryByText('不正なユーザータイプです')).not.toBeInTheDocument();
    expect(app.getAllByText('必須項目です')).toHaveLength(6);
    expect(app.getByRole('group', { name: /ユーザー種別/ })).toHaveAccessibleDescription('必須項目です');
    expect(app.getByRole('radio', { name: /企業ユーザー/ })).toHaveFocus();
    expect(app.getByLabelText('電話番号')).toHaveValue('3-1234-5678');
    expect(signUp).not.toHaveBeenCalled();
    expect(app.missingKeys).toEqual([]);
  });

  it('signs up with the identity attributes and goes on to /verify with the email and user type', async () => {
    const app = renderApp('/signup?redirect=%2Fchat', signedOut);
    const signUp = vi.spyOn(app.auth.identity, 'signUp');
    await app.findByRole('button', { name: '登録する' }, { timeout: 20_000 });
    await app.user.click(app.getByRole('radio', { name: /特許事務所ユーザー/ }));
    await fill(app, app.getByLabelText('氏名'), '佐藤 花子');
    await fill(app, app.getByLabelText('メールアドレス'), 'hanako@example.com');
    await fill(app, app.getByLabelText('電話番号'), '+81 3-5212-3456');
    await fill(app, app.getByLabelText('住所'), '東京都千代田区');
    await fill(app, app.getByRole('combobox', { name: '国・地域' }), 'アメリカ');
    await app.user.click(await app.findByRole('option', { name: 'アメリカ合衆国' }));
    await fill(app, app.getByLabelText('パスワード'), 'Momiji-2025');
    await fill(app, app.getByLabelText('パスワード（確認）'), 'Momiji-2025');
    await app.user.click(app.getByRole('button', { name: '登録する' }));

    await waitFor(() =>
      expect(app.location()).toBe('/verify?email=hanako%40example.com&userType=PATENT&redirect=%2Fchat'),
    );
    expect(signUp).toHaveBeenCalledWith(
      'PATENT',
      {
        name: '佐藤 花子',
        address: '東京都千代田区',
        email: 'hanako@example.com',
        phone_number: '+81352123456',
        'custom:region_code': '2',
      },
      'Momiji-2025',
    );
    // /verify's page code loads after the address changes.
    expect(
      await app.findByText('h***@e*** に確認コードを送信しました。', undefined, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('explains a taken address and keeps the form', async () => {
    const app = renderApp('/signup', signedOut);
    vi.spyOn(app.auth.identity, 'signUp').mockRejectedValue(
      fakeAuthError('auth.error.usernameExists', 'UsernameExistsException'),
    );
    await app.findByRole('button', { name: '登録する' }, { timeout: 20_000 });
    await app.user.click(app.getByRole('radio', { name: /企業ユーザー/ }));
    await fill(app, app.getByLabelText('氏名'), '山田 太郎');
    await fill(app, app.getByLabelText('メールアドレス'), 'demo@example.com');
    await fill(app, app.getByLabelText('電話番号'), '+81312345678');
    await fill(app, app.getByLabelText('住所'), '東京都');
    await fill(app, app.getByRole('combobox', { name: '国・地域' }), '日本');
    await app.user.keyboard('{Enter}');
    await fill(app, app.getByLabelText('パスワード'), 'Momiji-2025');
    await fill(app, app.getByLabelText('パスワード（確認）'), 'Momiji-2025');
    await app.user.click(app.getByRole('button', { name: '登録する' }));

    const alert = await app.findByRole('alert');
    expect(alert).toHaveTextContent('このメールアドレスは既に登録されています。');
    expect(within(alert).getByRole('link', { name: 'ログイン' })).toHaveAttribute(
      'href',
      '/login?email=demo%40example.com&userType=REGULAR',
    );
    expect(app.getByLabelText('氏名')).toHaveValue('山田 太郎');
    expect(app.getByLabelText('パスワード')).toHaveValue('Momiji-2025');
    expect(app.location()).toBe('/signup');
  });
});

describe('/verify', { timeout: 60_000 }, () => {
  it('takes the email and user type from the query, refuses a wrong code, then goes on to /login', async () => {
    const app = renderApp('/verify?email=hanako%40example.com&userType=PATENT', signedOut);
    const confirm = vi
      .spyOn(app.auth.identity, 'confirmSignUp')
      .mockRejectedValueOnce(fakeAuthError('auth.error.codeMismatch', 'CodeMismatchException'));
    await app.findByRole('button', { name: '確認する' }, { timeout: 20_000 });
    expect(app.getByText('特許事務所ユーザー')).toBeInTheDocument();
    expect(app.getByText('hanako@example.com')).toBeInTheDocument();
    expect(app.queryByLabelText('メールアドレス')).toBeNull();

    await fill(app, app.getByLabelText('確認コード'), '12345');
    await app.user.click(app.getByRole('button', { name: '確認する' }));
    await waitFor(() => expect(app.getByText('6桁の数字を入力してください')).toBeInTheDocument());
    await fill(app, app.getByLabelText('確認コード'), '6');
    await app.user.click(app.getByRole('button', { name: '確認する' }));
    expect(await app.findByRole('alert')).toHaveTextContent('確認コードが正しくありません。');
    expect(app.getByLabelText('確認コード')).toHaveValue('123456');

    await app.user.click(app.getByRole('button', { name: '確認する' }));
    await waitFor(() => expect(app.location()).toBe('/login?email=hanako%40example.com&userType=PATENT'));
    expect(confirm).toHaveBeenLastCalledWith('PATENT', 'hanako@example.com', '123456');
    await waitFor(() => expect(app.getByText(/アカウントの確認が完了しました。/)).toBeInTheDocument());
    expect(app.getByLabelText('メールアドレス')).toHaveValue('hanako@example.com');
    expect(app.getByRole('radio', { name: /特許事務所ユーザー/ })).toBeChecked();
  });

  it('asks for the email and user type when the query lacks them, and sends a new code', async () => {
    const app = renderApp('/verify', signedOut);
    const resend = vi.spyOn(app.auth.identity, 'resendCode');
    await app.findByRole('button', { name: 'コードを再送信' }, { timeout: 20_000 });
    await app.user.click(app.getByRole('button', { name: 'コードを再送信' }));
    await waitFor(() => expect(app.getAllByText('必須項目です')).toHaveLength(2));
    expect(app.queryByText('不正なユーザータイプです')).not.toBeInTheDocument();
    expect(resend).not.toHaveBeenCalled();

    await app.user.click(app.getByRole('radio', { name: /企業ユーザー/ }));
    await fill(app, app.getByLabelText('メールアドレス'), 'taro@example.com');
    await app.user.click(app.getByRole('button', { name: 'コードを再送信' }));
    await waitFor(() =>
      expect(app.getByText('h***@e*** に新しい確認コードを送信しました。')).toBeInTheDocument(),
    );
    expect(resend).toHaveBeenCalledWith('REGULAR', 'taro@example.com');
    // What was typed is in the query now, so a reload keeps it.
    expect(app.location()).toBe('/verify?email=taro%40example.com&userType=REGULAR');
  });
});

describe('/login/password-reset', { timeout: 60_000 }, () => {
  it('requests a code, then sets the new password with it and goes on to /login', async () => {
    const app = renderApp('/login/password-reset?email=taro%40example.com&userType=REGULAR', signedOut);
    const submit = vi.spyOn(app.auth.identity, 'forgotPasswordSubmit');
    await app.findByRole('button', { name: 'コードを送信' }, { timeout: 20_000 });
    expect(app.getByLabelText('メールアドレス')).toHaveValue('taro@example.com');
    await app.user.click(app.getByRole('button', { name: 'コードを送信' }));

    await waitFor(() => expect(app.getByText('h***@e*** にコードを送信しました。')).toBeInTheDocument());
    expect(app.location()).toBe('/login/password-reset?email=taro%40example.com&userType=REGULAR&step=code');
    await fill(app, await app.findByLabelText('確認コード'), '654321');
    await fill(app, app.getByLabelText('新しいパスワード'), 'Kaede-2026');
    await fill(app, app.getByLabelText('新しいパスワード（確認）'), 'Kaede-2025');
    await app.user.click(app.getByRole('button', { name: 'パスワードを変更' }));
    await waitFor(() => expect(app.getByText('パスワードが一致しません')).toBeInTheDocument());
    expect(submit).not.toHaveBeenCalled();

    await app.user.clear(app.getByLabelText('新しいパスワード（確認）'));
    await fill(app, app.getByLabelText('新しいパスワード（確認）'), 'Kaede-2026');
    await app.user.click(app.getByRole('button', { name: 'パスワードを変更' }));
    await waitFor(() => expect(app.location()).toBe('/login?email=taro%40example.com&userType=REGULAR'));
    expect(submit).toHaveBeenCalledWith('REGULAR', 'taro@example.com', '654321', 'Kaede-2026');
    await waitFor(() => expect(app.getByText(/パスワードを変更しました。/)).toBeInTheDocument());
    expect(app.missingKeys).toEqual([]);
  });
});
