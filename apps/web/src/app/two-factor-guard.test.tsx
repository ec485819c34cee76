import { projectEndpoints, userEndpoints } from '@ipportal/domain';
import { configure, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, organizationId } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/renderWithProviders';
import { accountTexts } from '../features/account/account-texts';
import { routePages } from './route-pages';
import { handlerFor } from '../../test/handler-for';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await Promise.all([routePages.profile(), routePages.home(), import('qrcode'), accountTexts.load()]);
}, 60_000);

const emptyMatters = {
  hasError: false,
  message: '',
  items: [],
  counts: { all: 0, patent: 0, utilityModel: 0, design: 0, trademark: 0, deleted: 0 },
  nextCursor: null,
};

/** GET /user answers the member as the server would: required until they have set it up. */
function serveMember(state: { required: boolean }, locale: 'ja' | 'en' = 'ja') {
  server.use(
    handlerFor(
      userEndpoints.getUser,
      () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          item: makeUser({
            organizationId,
            roleInOrganizationCode: 1,
            locale,
            twoFactorSetupRequired: state.required,
          }),
        }),
      { namespace: 'user' },
    ),
  );
}

describe('an organization that requires two-factor sign-in', { timeout: 60_000 }, () => {
  it('sends a member without it to set-up, closes the rest, and opens it once set up, without a reload', async () => {
    const state = { required: true };
    serveMember(state);
    let matterCalls = 0;
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () => {
          matterCalls += 1;
          return HttpResponse.json(emptyMatters);
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/profile'), { timeout: 20_000 });
    expect(
      await app.findByText(/所属する組織では2段階認証が必須です/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    // Another page leads back to set-up.
    await app.router.navigate('/terms');
    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(matterCalls).toBe(0);

    // Set up (the identity service says yes): the user is read again and the portal opens.
    await app.user.click(await app.findByRole('button', { name: '設定する' }));
    state.required = false;
    await app.user.type(await app.findByLabelText('確認コード'), '123456');
    await app.user.click(app.getByRole('button', { name: '確認して有効にする' }));
    expect(
      await app.findByText('2段階認証を有効にしました。次回のログインから確認コードが必要です。'),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.queryByText(/所属する組織では2段階認証が必須です/)).toBeNull());
    await app.router.navigate('/');
    await waitFor(() => expect(matterCalls).toBeGreaterThan(0));
    expect(app.location()).toBe('/');
    expect(app.missingKeys).toEqual([]);
  });

  it('a 403 twoFactorRequired (the requirement was turned on meanwhile) reads the user again and sends the member to set-up, in English', async () => {
    const state = { required: false };
    serveMember(state, 'en');
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () => {
          if (!state.required) {
            state.required = true;
            return HttpResponse.json(
              { hasError: true, message: 'Your organization requires two-factor sign-in' },
              { status: 403, headers: { 'x-two-factor-required': '1' } },
            );
          }
          return HttpResponse.json(emptyMatters);
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/', { locale: 'en' });
    await waitFor(() => expect(app.location()).toBe('/profile'), { timeout: 20_000 });
    expect(
      await app.findByText(/Your organization requires two-factor sign-in\. Set it up here/),
    ).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });
});
