import { configure } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeAuthError, fakeTotpSecret } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderWithProviders';
import { routePages } from '../../app/route-pages';
import { accountTexts } from './account-texts';

configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await Promise.all([
    routePages.profile(),
    import('../../shared/forms/validation'),
    import('qrcode'),
    accountTexts.load(),
  ]);
}, 60_000);

describe('/profile two-factor sign-in', { timeout: 60_000 }, () => {
  it('sets it up: QR code and typed key for the app, confirmed with a code', async () => {
    const app = renderApp('/profile', { apiUser: makeUser() });
    const setUp = await app.findByRole('button', { name: '設定する' }, { timeout: 20_000 });
    const start = vi.spyOn(app.auth.identity, 'startTotpSetup');
    const confirm = vi
      .spyOn(app.auth.identity, 'confirmTotpSetup')
      .mockRejectedValueOnce(fakeAuthError('auth.error.codeMismatch', 'EnableSoftwareTokenMFAException'));
    await app.user.click(setUp);

    const qr = await app.findByRole('img', { name: '認証アプリに登録するQRコード' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(start).toHaveBeenCalledWith('IPポータル');
    expect(app.getByLabelText('認証アプリに入力するキー')).toHaveTextContent(
      fakeTotpSecret.replace(/(.{4})(?=.)/g, '$1 '),
    );

    await app.user.type(app.getByLabelText('確認コード'), '123456');
    await app.user.keyboard('{Enter}');
    expect(await app.findByText('確認コードが正しくありません。')).toBeInTheDocument();
    await app.user.type(app.getByLabelText('確認コード'), '２３４５６７');
    await app.user.click(app.getByRole('button', { name: '確認して有効にする' }));
    expect(
      await app.findByText('2段階認証を有効にしました。次回のログインから確認コードが必要です。'),
    ).toBeInTheDocument();
    expect(confirm).toHaveBeenLastCalledWith('234567');
    expect(app.getByRole('button', { name: 'オフにする' })).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it('turns it off with the password and a code, in English', async () => {
    const app = renderApp('/profile', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    await app.user.click(await app.findByRole('button', { name: 'Set up' }, { timeout: 20_000 }));
    await app.user.type(await app.findByLabelText('Code'), '123456');
    await app.user.click(app.getByRole('button', { name: 'Confirm and turn on' }));

    const disable = vi.spyOn(app.auth.identity, 'disableTotp');
    await app.user.click(await app.findByRole('button', { name: 'Turn off' }));
    await app.user.click(app.getByRole('button', { name: 'Turn two-factor sign-in off' }));
    expect(await app.findByText('Enter your password.')).toBeInTheDocument();
    expect(disable).not.toHaveBeenCalled();
    await app.user.type(app.getByLabelText('Password'), 'Demo-Pass1');
    await app.user.type(app.getByLabelText('Code'), '654321');
    await app.user.keyboard('{Enter}');
    expect(await app.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(disable).toHaveBeenCalledWith('Demo-Pass1', '654321');
    expect(app.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });
});
