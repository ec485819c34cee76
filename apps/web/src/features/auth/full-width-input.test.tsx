import { configure, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderWithProviders';
import type { Rendered } from '../../../test/renderWithProviders';

// Pages load lazily (zod, regions, texts): on a busy machine that takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

async function fill(app: Rendered, field: HTMLElement, text: string) {
  await app.user.click(field);
  await app.user.paste(text);
}

const signedOut = { session: null } as const;

// What a Japanese keyboard gives: full-width digits, letters, '＋', '＠', '．' and dashes.
describe('full-width input in the sign-up and verify forms', { timeout: 60_000 }, () => {
  it('/signup takes a full-width email and phone number and signs up with their half-width forms', async () => {
    const app = renderApp('/signup', signedOut);
    const signUp = vi.spyOn(app.auth.identity, 'signUp');
    await app.findByRole('button', { name: '登録する' }, { timeout: 20_000 });
    await app.user.click(app.getByRole('radio', { name: /企業ユーザー/ }));
    await fill(app, app.getByLabelText('氏名'), '佐藤 花子');
    await fill(app, app.getByLabelText('メールアドレス'), 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    await fill(app, app.getByLabelText('電話番号'), '＋８１ ３－１２３４－５６７８');
    await fill(app, app.getByLabelText('住所'), '東京都千代田区');
    await fill(app, app.getByRole('combobox', { name: '国・地域' }), '日本');
    await app.user.keyboard('{Enter}');
    await fill(app, app.getByLabelText('パスワード'), 'Momiji-2025');
    await fill(app, app.getByLabelText('パスワード（確認）'), 'Momiji-2025');
    await app.user.click(app.getByRole('button', { name: '登録する' }));

    await waitFor(() => expect(signUp).toHaveBeenCalled());
    expect(signUp).toHaveBeenCalledWith(
      'REGULAR',
      {
        name: '佐藤 花子',
        address: '東京都千代田区',
        email: 'hanako@example.com',
        phone_number: '+81312345678',
        'custom:region_code': '1',
      },
      'Momiji-2025',
    );
    await waitFor(() => expect(app.location()).toBe('/verify?email=hanako%40example.com&userType=REGULAR'));
  });

  it('/signup says what a phone number may contain, and that it starts with the country code', async () => {
    const app = renderApp('/signup', signedOut);
    const signUp = vi.spyOn(app.auth.identity, 'signUp');
    await app.findByRole('button', { name: '登録する' }, { timeout: 20_000 });
    const phone = app.getByLabelText('電話番号');
    await fill(app, phone, '０３－１２３４－５６７８（代表）');
    await app.user.click(app.getByRole('button', { name: '登録する' }));
    expect(await app.findByText('電話番号は数字と + - だけで入力してください')).toBeInTheDocument();
    await app.user.clear(phone);
    await fill(app, phone, '３－１２３４－５６７８');
    await app.user.click(app.getByRole('button', { name: '登録する' }));
    expect(
      await app.findByText(
        '電話番号は 03-1234-5678 のように市外局番から、海外の番号は + と国番号から入力してください',
      ),
    ).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('/verify takes a code typed in full-width digits', async () => {
    const app = renderApp('/verify?email=hanako%40example.com&userType=REGULAR', signedOut);
    const confirm = vi.spyOn(app.auth.identity, 'confirmSignUp');
    await app.findByRole('button', { name: '確認する' }, { timeout: 20_000 });
    await fill(app, app.getByLabelText('確認コード'), '１２３４５６');
    await app.user.click(app.getByRole('button', { name: '確認する' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('REGULAR', 'hanako@example.com', '123456'));
    expect(app.queryByText('6桁の数字を入力してください')).toBeNull();
  });
});
