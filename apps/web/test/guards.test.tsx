import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, organizationId } from './fixtures';
import { patentSession, regularSession } from './fake-auth-port';
import { server } from './msw-server';
import { renderApp } from './renderWithProviders';

describe('guards', () => {
  it('sends a signed-out visit of a protected route to /login with the full path and query', async () => {
    const app = renderApp('/requests?x=1', { session: null });
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Frequests%3Fx%3D1'));
    expect(await app.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
  });

  it('keeps params, query and hash of a deep protected path', async () => {
    const app = renderApp('/requests/p-1/r-2/history?tab=all#latest', { session: null });
    await waitFor(() =>
      expect(app.router.state.location.search).toBe(
        `?redirect=${encodeURIComponent('/requests/p-1/r-2/history?tab=all#latest')}`,
      ),
    );
  });

  it('returns the user to the redirect target after sign-in', async () => {
    const app = renderApp('/requests?x=1', { session: null, apiUser: makeUser() });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    await act(() => Promise.resolve(app.auth.signIn(regularSession)));
    await waitFor(() => expect(app.location()).toBe('/requests?x=1'));
    expect(await app.findByRole('heading', { level: 1, name: '依頼管理' })).toBeInTheDocument();
  });

  it('does not follow a redirect target on another origin', async () => {
    const app = renderApp(`/login?redirect=${encodeURIComponent('//evil.example.com/x')}`, {
      session: null,
      apiUser: makeUser(),
    });
    await app.findByRole('heading', { level: 1, name: 'ログイン' });
    await act(() => Promise.resolve(app.auth.signIn(regularSession)));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it.each(['/login', '/signup', '/verify', '/login/password-reset'])(
    'sends a signed-in user visiting %s to /',
    async (path) => {
      const app = renderApp(path, { apiUser: makeUser() });
      await waitFor(() => expect(app.location()).toBe('/'));
      expect(await app.findByRole('heading', { level: 1, name: '案件管理' })).toBeInTheDocument();
    },
  );

  it('lets a signed-in user open a protected route', async () => {
    const app = renderApp('/chat', { apiUser: makeUser() });
    expect(await app.findByRole('heading', { level: 1, name: 'チャット' })).toBeInTheDocument();
    expect(app.location()).toBe('/chat');
  });

  it('sends the user to /login when the session ends', async () => {
    const app = renderApp('/chat', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    await act(() => app.auth.signOut());
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fchat'));
  });

  it('leads /requests/:projectId/:requestId to its mails, keeping the query', async () => {
    const app = renderApp('/requests/p-1/r-2?from=list', { apiUser: makeUser() });
    await waitFor(() => expect(app.location()).toBe('/requests/p-1/r-2/mails?from=list'));
  });

  it('leads /invoice/manage to the unpaid list', async () => {
    const app = renderApp('/invoice/manage', { apiUser: makeUser() });
    await waitFor(() => expect(app.location()).toBe('/invoice/unpaid-invoice-list'));
  });

  describe('organization routes (setup without an organization, management for administrators)', () => {
    const admin = makeUser({ organizationId, roleInOrganizationCode: 0 });
    const member = makeUser({ organizationId, roleInOrganizationCode: 1 });

    it('/organization/create is for REGULAR users without an organization', async () => {
      const app = renderApp('/organization/create', { apiUser: makeUser() });
      expect(await app.findByRole('heading', { level: 1, name: '組織設定' })).toBeInTheDocument();
    });

    it('/organization/create sends users with an organization to /', async () => {
      const app = renderApp('/organization/create', { apiUser: member });
      await waitFor(() => expect(app.location()).toBe('/'));
    });

    it('/organization/create sends PATENT users to /', async () => {
      const app = renderApp('/organization/create', {
        session: patentSession,
        apiUser: makeUser({ userType: 'PATENT' }),
      });
      await waitFor(() => expect(app.location()).toBe('/'));
    });

    it('/organization/manage leads an administrator to /organization/users', async () => {
      const app = renderApp('/organization/manage', { apiUser: admin });
      await waitFor(() => expect(app.location()).toBe('/organization/users'));
      expect(await app.findByRole('heading', { level: 1, name: 'ユーザー管理' })).toBeInTheDocument();
    });

    it.each(['/organization/manage', '/organization/users'])('%s sends a member to /', async (path) => {
      const app = renderApp(path, { apiUser: member });
      await waitFor(() => expect(app.location()).toBe('/'));
    });

    it('sends the user to / when the user cannot be fetched', async () => {
      const app = renderApp('/organization/users', { apiUser: null });
      await waitFor(() => expect(app.location()).toBe('/'));
    });

    it('shows the loading text while the user loads', async () => {
      const app = renderApp('/organization/users', { apiUser: admin });
      expect(app.getAllByText('読み込み中…').length).toBeGreaterThan(0);
      await app.findByRole('heading', { level: 1, name: 'ユーザー管理' });
    });
  });

  describe('routes of one user type send the other type to /', () => {
    const firm = { session: patentSession, apiUser: makeUser({ userType: 'PATENT' as const }) };

    it.each(['/partner-firm', '/edit-partner-firm'])(
      '%s sends a REGULAR user to / without asking for an office',
      async (path) => {
        const officeCalls: string[] = [];
        const onRequest = ({ request }: { request: Request }) => {
          if (new URL(request.url).pathname.endsWith('/firm')) officeCalls.push(request.url);
        };
        server.events.on('request:start', onRequest);
        try {
          const app = renderApp(path, { apiUser: makeUser() });
          await waitFor(() => expect(app.location()).toBe('/'));
          expect(await app.findByRole('heading', { level: 1, name: '案件管理' })).toBeInTheDocument();
          expect(officeCalls).toEqual([]);
        } finally {
          server.events.removeListener('request:start', onRequest);
        }
      },
    );

    it('/partner-firm shows the office its profile', async () => {
      const app = renderApp('/partner-firm', firm);
      expect(await app.findByRole('heading', { level: 1, name: '事務所情報' })).toBeInTheDocument();
      expect(app.location()).toBe('/partner-firm');
    });

    it.each([
      '/terms/notification',
      '/pension',
      '/pension/notification',
      '/invoice/manage',
      '/invoice/unpaid-invoice-list',
      '/invoice/paid-invoice-list',
      '/invoice/collective-payment',
      '/invoice/payment-history',
      '/invoice/issue-history',
    ])('%s (a client page) sends a PATENT user to / without calling /user', async (path) => {
      const clientCalls: string[] = [];
      const onRequest = ({ request }: { request: Request }) => {
        const pathname = new URL(request.url).pathname;
        if (/\/user\/(deadlines|reminder-settings|pension|invoices|payments)/.test(pathname))
          clientCalls.push(pathname);
      };
      server.events.on('request:start', onRequest);
      try {
        const app = renderApp(path, firm);
        await waitFor(() => expect(app.location()).toBe('/'));
        expect(await app.findByRole('heading', { level: 1, name: '案件管理' })).toBeInTheDocument();
        expect(clientCalls).toEqual([]);
      } finally {
        server.events.removeListener('request:start', onRequest);
      }
    });

    it.each(['/organization/manage', '/organization/users'])(
      '%s sends a PATENT user to / even with an organization in the answer',
      async (path) => {
        const app = renderApp(path, {
          session: patentSession,
          apiUser: makeUser({ userType: 'PATENT', organizationId, roleInOrganizationCode: 0 }),
        });
        await waitFor(() => expect(app.location()).toBe('/'));
      },
    );
  });
});
