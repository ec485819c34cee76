import { configure, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server, testApiBase } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { routePages } from '../../app/route-pages';
import { accountTexts } from './account-texts';

configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await Promise.all([
    routePages.editProfile(),
    routePages.profile(),
    import('../../shared/forms/validation'),
    import('../../i18n/domain-resources'),
    accountTexts.load(),
  ]);
}, 60_000);

describe('/edit-profile', { timeout: 60_000 }, () => {
  it('saves a phone number typed in full width with dashes as E.164, in the identity service and the portal', async () => {
    let patched: unknown;
    server.use(
      http.patch(`${testApiBase.user}/user`, async ({ request }) => {
        patched = await request.json();
        return HttpResponse.json({ hasError: false, message: '', item: makeUser() });
      }),
    );
    const app = renderApp('/edit-profile', { apiUser: makeUser() });
    const update = vi.spyOn(app.auth.identity, 'updateAttributes');
    const phone = await app.findByLabelText('電話番号', {}, { timeout: 20_000 });
    await app.user.clear(phone);
    await app.user.click(phone);
    await app.user.paste('＋８１ ６ー１２３４ー５６７８');
    await app.user.click(app.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ phone_number: '+81612345678' }));
    expect(patched).toMatchObject({ phoneNumber: '+81612345678' });
  });
});
