import { FakeSocket } from '@ipportal/realtime';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from './fixtures';
import { renderApp } from './renderWithProviders';
import type * as RoutePagesModule from '../src/app/route-pages';
import type * as AppLayoutModule from '../src/features/shell/app-layout';

/*
 * An error a user meets never strands them: a page that throws is replaced inside the layout
 * (header, account menu and sidebar stay), an error above the layout offers sign-out and the top
 * page besides reloading, and the realtime connection failing to start takes nothing down.
 */

const crash = vi.hoisted(() => ({ page: false, layout: false }));

vi.mock('../src/app/route-pages', async (importOriginal) => {
  const original = await importOriginal<typeof RoutePagesModule>();
  const Throwing = () => {
    throw new Error('the page broke');
  };
  return {
    routePages: {
      ...original.routePages,
      terms: () => (crash.page ? Promise.resolve(Throwing) : original.routePages.terms()),
    },
  };
});

vi.mock('../src/features/shell/app-layout', async (importOriginal) => {
  const original = await importOriginal<typeof AppLayoutModule>();
  const { AppLayout } = original;
  return {
    AppLayout: () => {
      if (crash.layout) throw new Error('the layout broke');
      return <AppLayout />;
    },
  };
});

const slow = { timeout: 20_000 };

afterEach(() => {
  crash.page = false;
  crash.layout = false;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('errors keep a way out', { timeout: 60_000 }, () => {
  it('a page that throws is replaced inside the layout: the header and its sign-out stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    crash.page = true;
    const app = renderApp('/terms', { apiUser: makeUser() });
    expect(
      await app.findByText('問題が発生しました。ページを再読み込みしてください。', {}, slow),
    ).toBeInTheDocument();
    const header = app.getByRole('banner');
    await app.user.click(await within(header).findByRole('button', { name: 'Hanako Yamada' }, slow));
    await app.user.click(within(header).getByRole('menuitem', { name: 'ログアウト' }));
    await waitFor(() => expect(app.auth.signOutCalls).toBe(1));
  });

  it('an error above the layout offers sign-out and the top page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    crash.layout = true;
    const app = renderApp('/terms', { apiUser: makeUser() });
    const alert = await app.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('問題が発生しました。ページを再読み込みしてください。');
    expect(app.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
    await app.user.click(app.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(app.auth.signOutCalls).toBe(1));
  });

  it('a realtime address the socket cannot use leaves the signed-in page working', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('WebSocket', FakeSocket);
    const app = renderApp('/', { apiUser: makeUser(), realtimeUrl: '/graphql/realtime' });
    expect(await app.findByRole('heading', { level: 1, name: '案件管理' }, slow)).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(app.queryByText('問題が発生しました。ページを再読み込みしてください。')).not.toBeInTheDocument();
    await waitFor(() => expect(errors).toHaveBeenCalled());
  });
});
