import { userEndpoints } from '@ipportal/domain';
import { configure, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeAuthError } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import type { Rendered } from '../../../test/renderWithProviders';
import { routePages } from '../../app/route-pages';
import { accountTexts } from './account-texts';
import { handlerFor } from '../../../test/handler-for';

// A wait covers a mock round trip and a render (the pages are loaded before the tests, below):
// allow for a busy machine beyond the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

async function fill(app: Rendered, field: HTMLElement, text: string) {
  await app.user.clear(field);
  await app.user.click(field);
  await app.user.paste(text);
}

// The pages this file visits and what they load lazily (zod, regions, the domain's and the account
// texts), loaded once before the tests: a cold import through vitest's module runner takes seconds
// on a busy machine, and inside the first test it ate the 5 s its waits allow.
beforeAll(async () => {
  await Promise.all([
    ...(['profile', 'editProfile', 'passwordChange', 'login'] as const).map((id) => routePages[id]()),
    import('../../shared/forms/validation'),
    import('../../i18n/domain-resources'),
    accountTexts.load(),
  ]);
}, 60_000);

describe('account pages', { timeout: 60_000 }, () => {
  it('/profile shows the user from GET /user and the identity attributes, and signs out to /login', async () => {
    const app = renderApp('/profile', { apiUser: makeUser({ name: '山田 花子', regionCode: 2 }) });
    // In the page, not in the header's account button, which carries the name too.
    await waitFor(() => expect(within(app.getByRole('main')).getByText('山田 花子')).toBeInTheDocument());
    expect(app.getByText('アメリカ合衆国')).toBeInTheDocument();
    expect(app.getByText('企業ユーザー')).toBeInTheDocument();
    await waitFor(() => expect(app.getByText('確認済み')).toBeInTheDocument());

    await app.user.click(app.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.auth.signOutCalls).toBe(1);
    expect(app.store.getState().auth.status).toBe('signedOut');
    expect(app.missingKeys).toEqual([]);
  });

  it('/profile names the profile language in the language of the page', async () => {
    const english = renderApp('/profile', { locale: 'en', apiUser: makeUser({ locale: 'en' }) });
    const main = () => within(english.getByRole('main'));
    await waitFor(() => expect(main().getByText('Language')).toBeInTheDocument());
    await waitFor(() => expect(main().getByText('English')).toBeInTheDocument());
    english.unmount();

    const japaneseProfile = renderApp('/profile', { locale: 'en', apiUser: makeUser({ locale: 'ja' }) });
    await waitFor(() =>
      expect(within(japaneseProfile.getByRole('main')).getByText('Japanese')).toBeInTheDocument(),
    );
    expect(within(japaneseProfile.getByRole('main')).queryByText('日本語')).toBeNull();
    japaneseProfile.unmount();

    const japanese = renderApp('/profile', { apiUser: makeUser({ locale: 'en' }) });
    await waitFor(() => expect(within(japanese.getByRole('main')).getByText('英語')).toBeInTheDocument());
  });

  it('/profile shows the failure message with the server message when GET /user fails', async () => {
    const app = renderApp('/profile', { apiUser: null });
    const alert = await app.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('ユーザー情報の取得に失敗しました');
    expect(alert.textContent).toContain('user fetch failed');
    // The identity service's attributes still show.
    await waitFor(() => expect(app.getByText('Hanako Yamada')).toBeInTheDocument());
  });

  it('/edit-profile changes the identity attributes, then PATCH /user, and returns to /profile', async () => {
    let patched: unknown;
    server.use(
      handlerFor(
        userEndpoints.updateUser,
        async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json({ hasError: false, message: '', item: makeUser({ address: '大阪府' }) });
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/edit-profile', { apiUser: makeUser() });
    const update = vi.spyOn(app.auth.identity, 'updateAttributes');
    await fill(app, await app.findByLabelText('住所', {}, { timeout: 20_000 }), '大阪府');
    await fill(app, app.getByLabelText('電話番号'), '+81 6-1234-5678');
    await app.user.click(app.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(update).toHaveBeenCalledWith({
      name: 'Hanako Yamada',
      address: '大阪府',
      phone_number: '+81612345678',
      'custom:region_code': '1',
    });
    expect(patched).toEqual({
      name: 'Hanako Yamada',
      address: '大阪府',
      phoneNumber: '+81612345678',
      regionCode: 1,
    });
    await waitFor(() => expect(app.getByText('アカウント情報を更新しました。')).toBeInTheDocument());
  });

  it('/edit-profile shows a failed PATCH /user with the server message and keeps the form', async () => {
    server.use(
      handlerFor(
        userEndpoints.updateUser,
        () => HttpResponse.json({ hasError: true, message: 'database unavailable' }, { status: 503 }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/edit-profile', { apiUser: makeUser() });
    await fill(app, await app.findByLabelText('氏名', {}, { timeout: 20_000 }), '');
    await app.user.click(app.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(app.getByText('必須項目です')).toBeInTheDocument());
    await fill(app, app.getByLabelText('氏名'), '新しい 名前');
    await app.user.click(app.getByRole('button', { name: '保存する' }));

    const alert = await app.findByRole('alert');
    expect(alert.textContent).toBe('ユーザー情報の更新に失敗しました\ndatabase unavailable');
    expect(app.getByLabelText('氏名')).toHaveValue('新しい 名前');
    expect(app.location()).toBe('/edit-profile');
  });

  it('/edit-profile with changes asks before a link or a reload leaves; Cancel leaves at once', async () => {
    const app = renderApp('/edit-profile', { apiUser: makeUser() });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const address = await app.findByLabelText('住所', {}, { timeout: 20_000 });
    expect(unload()).toBe(false);
    await fill(app, address, '大阪府');
    expect(unload()).toBe(true);

    await app.user.click(await app.findByRole('link', { name: /案件管理/ }));
    const ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(app.location()).toBe('/edit-profile');
    expect(app.getByLabelText('住所')).toHaveValue('大阪府');

    // Cancel means "drop it": no question.
    await app.user.click(app.getByRole('link', { name: 'キャンセル' }));
    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(app.queryByRole('alertdialog')).toBeNull();
    expect(unload()).toBe(false);
  });

  it('/profile/password-change says so when the current password is wrong, then changes it', async () => {
    const app = renderApp('/profile/password-change', { apiUser: makeUser() });
    const change = vi
      .spyOn(app.auth.identity, 'changePassword')
      .mockRejectedValueOnce(fakeAuthError('auth.error.incorrectCredentials', 'NotAuthorizedException'));
    await fill(app, await app.findByLabelText('現在のパスワード', {}, { timeout: 20_000 }), 'Wrong-Pass1');
    await fill(app, app.getByLabelText('新しいパスワード'), 'Kaede-2026');
    await fill(app, app.getByLabelText('新しいパスワード（確認）'), 'Kaede-2026');
    await app.user.click(app.getByRole('button', { name: 'パスワードを変更' }));

    expect(await app.findByRole('alert')).toHaveTextContent('現在のパスワードが正しくありません。');
    expect(app.getByLabelText('現在のパスワード')).toHaveFocus();
    await fill(app, app.getByLabelText('現在のパスワード'), 'Demo-Pass1');
    await app.user.click(app.getByRole('button', { name: 'パスワードを変更' }));
    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(change).toHaveBeenLastCalledWith('Demo-Pass1', 'Kaede-2026');
    await waitFor(() => expect(app.getByText('パスワードを変更しました。')).toBeInTheDocument());
  });
});
