import { projectEndpoints, userEndpoints } from '@ipportal/domain';
import type { User } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { regularSession } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { localeStorageKey } from '../../i18n/locale';
import { handlerFor } from '../../../test/handler-for';

/** PATCH /user answering the changed user; returns the bodies it received. */
function recordProfileSaves(user: User): unknown[] {
  const saves: unknown[] = [];
  server.use(
    handlerFor(
      userEndpoints.updateUser,
      async ({ request }) => {
        const body = (await request.json()) as Partial<User>;
        saves.push(body);
        return HttpResponse.json({ hasError: false, message: '', item: { ...user, ...body } });
      },
      { namespace: 'user' },
    ),
  );
  return saves;
}

/** The matters page the sign-in leads to: no matters. */
function serveNoMatters() {
  server.use(
    handlerFor(
      projectEndpoints.listProjects,
      () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          items: [],
          nextCursor: null,
          counts: { all: 0, patent: 0, utilityModel: 0, design: 0, trademark: 0, deleted: 0 },
        }),
      { namespace: 'user' },
    ),
  );
}

function languageButtons(app: ReturnType<typeof renderApp>) {
  const header = app.getByRole('banner');
  return within(within(header).getByRole('group', { name: /言語|Language/ }));
}

describe('the saved language', { timeout: 60_000 }, () => {
  it('is not changed by a visit in another language, only by picking one', async () => {
    const user = makeUser({ locale: 'ja' });
    const saves = recordProfileSaves(user);
    serveNoMatters();
    // An English browser opens the portal of a user whose saved language is Japanese.
    const app = renderApp('/projects', { apiUser: user, locale: 'en' });
    await app.findByRole('heading', { level: 1, name: 'Matter management' });
    await waitFor(() =>
      expect(app.store.getState().api.queries['getUser(undefined)']?.status).toBe('fulfilled'),
    );
    // Give a write that would follow the fetch the time to be sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves).toEqual([]);

    // Picking the saved language again writes nothing; picking another one saves it.
    await app.user.click(languageButtons(app).getByRole('button', { name: '日本語' }));
    expect(await app.findByRole('heading', { level: 1, name: '案件管理' })).toBeInTheDocument();
    expect(saves).toEqual([]);
    await app.user.click(languageButtons(app).getByRole('button', { name: 'English' }));
    await waitFor(() => expect(saves).toEqual([{ locale: 'en' }]));
  });

  it('is adopted on sign-in: a new device switches to it', async () => {
    const saves = recordProfileSaves(makeUser({ locale: 'ja' }));
    serveNoMatters();
    const app = renderApp('/login', { session: null, apiUser: makeUser({ locale: 'ja' }), locale: 'en' });
    await app.findByRole('button', { name: 'Log in' });
    app.auth.signIn(regularSession);
    expect(await app.findByRole('heading', { level: 1, name: '案件管理' })).toBeInTheDocument();
    expect(localStorage.getItem(localeStorageKey)).toBe('ja');
    expect(saves).toEqual([]);
  });

  it('is replaced by a language picked on the sign-in page before signing in', async () => {
    const saves = recordProfileSaves(makeUser({ locale: 'ja' }));
    serveNoMatters();
    const app = renderApp('/login', { session: null, apiUser: makeUser({ locale: 'ja' }), locale: 'ja' });
    await app.findByRole('button', { name: 'ログイン' });
    await app.user.click(languageButtons(app).getByRole('button', { name: 'English' }));
    app.auth.signIn(regularSession);
    await waitFor(() => expect(saves).toEqual([{ locale: 'en' }]));
    expect(await app.findByRole('heading', { level: 1, name: 'Matter management' })).toBeInTheDocument();
  });
});
