import { userEndpoints } from '@ipportal/domain';
import { configure, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { routePages } from '../../app/route-pages';
import { accountTexts } from './account-texts';
import { handlerFor } from '../../../test/handler-for';

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
      handlerFor(
        userEndpoints.updateUser,
        async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json({ hasError: false, message: '', item: makeUser() });
        },
        { namespace: 'user' },
      ),
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

  it('takes a number as Japanese people write it (06-1234-5678, full width, brackets) and stores it as E.164', async () => {
    const sent: unknown[] = [];
    server.use(
      handlerFor(
        userEndpoints.updateUser,
        async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json({ hasError: false, message: '', item: makeUser() });
        },
        { namespace: 'user' },
      ),
    );
    for (const typed of ['06-1234-5678', '（０６）１２３４－５６７８', '0612345678']) {
      const app = renderApp('/edit-profile', { apiUser: makeUser() });
      const phone = await app.findByLabelText('電話番号', {}, { timeout: 20_000 });
      expect(app.getByText(/例: 03-1234-5678/)).toBeInTheDocument();
      await app.user.clear(phone);
      await app.user.click(phone);
      await app.user.paste(typed);
      await app.user.click(app.getByRole('button', { name: '保存する' }));
      await waitFor(() => expect(app.location()).toBe('/profile'));
      app.unmount();
    }
    expect(sent.map((body) => (body as { phoneNumber?: string }).phoneNumber)).toEqual([
      '+81612345678',
      '+81612345678',
      '+81612345678',
    ]);
  });

  it('shows a stored number in the domestic form on Japanese pages, hyphenated by its area code', async () => {
    const app = renderApp('/profile', { apiUser: makeUser({ phoneNumber: '+81352123456' }) });
    expect(await app.findByText('03-5212-3456', {}, { timeout: 20_000 })).toBeInTheDocument();
    app.unmount();
    const yokohama = renderApp('/profile', { apiUser: makeUser({ phoneNumber: '+81451234567' }) });
    expect(await yokohama.findByText('045-123-4567', {}, { timeout: 20_000 })).toBeInTheDocument();
    yokohama.unmount();
    const en = renderApp('/profile', { apiUser: makeUser({ phoneNumber: '+81352123456' }), locale: 'en' });
    expect(await en.findByText('+81 3 5212 3456', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
