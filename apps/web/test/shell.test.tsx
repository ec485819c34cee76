import {
  requestEndpoints,
  requestHistoryEndpoints,
  requestMailEndpoints,
  userEndpoints,
} from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localeStorageKey } from '../src/i18n/locale';
import { makeRoom, projectId as chatProjectId, serveRoom } from './chat-fixtures';
import { makeRequestDetail, makeUser, organizationId } from './fixtures';
import { patentSession } from './fake-auth-port';
import { server } from './msw-server';
import { renderApp } from './renderWithProviders';
import { handlerFor } from './handler-for';

function breadcrumbTexts(app: ReturnType<typeof renderApp>) {
  const nav = app.getByRole('navigation', { name: /パンくずリスト|Breadcrumb/ });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^>/, ''));
}

describe('titles and breadcrumbs', () => {
  it.each([
    ['/', '案件管理', ['TOP', '案件管理']],
    ['/projects?project-id=abc&estimate=true', '案件管理', ['TOP', '案件管理']],
    ['/requests/p-1/2/estimate-bill', '見積・請求', ['TOP', '依頼管理', '案件', '依頼 2', '見積・請求']],
    ['/profile/password-change', 'パスワード変更', ['TOP', 'アカウント情報', 'パスワード変更']],
    ['/invoice/paid-invoice-list', '支払済み請求書一覧', ['TOP', '支払済み請求書一覧']],
    ['/terms/notification', '期限通知設定', ['TOP', '期限管理', '期限通知設定']],
    ['/organization/create', '組織設定', ['TOP', '組織設定']],
  ])('%s: title %s, breadcrumb %j', async (path, title, crumbs) => {
    const app = renderApp(path, { apiUser: makeUser() });
    expect(await app.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(breadcrumbTexts(app)).toEqual(crumbs));
    expect(document.title).toBe(`IP Portal | ${title}`);
  });

  it('translates route words, names the request by its number, and never shows an id', async () => {
    const app = renderApp('/requests/3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a99/2/history', {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    expect(await app.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    expect(breadcrumbTexts(app)).toEqual(['TOP', 'Request management', 'Matter', 'Request 2', 'History']);
    expect(document.title).toBe('IP Portal | History');
  });

  it('links every breadcrumb entry but the current page', async () => {
    const app = renderApp('/requests/p-1/2/history', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: '履歴' });
    const nav = app.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(nav).getByRole('link', { name: 'TOP' })).toHaveAttribute('href', '/');
    expect(within(nav).getAllByRole('link', { name: 'TOP' })).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: '依頼管理' })).toHaveAttribute('href', '/requests');
    expect(within(nav).getByRole('link', { name: '依頼 2' })).toHaveAttribute('href', '/requests/p-1/2');
    // The matter entry opens the matter; without the matter in the cache it reads as "matter".
    expect(within(nav).getByRole('link', { name: '案件' })).toHaveAttribute(
      'href',
      '/projects?project-id=p-1',
    );
    expect(within(nav).getByText('履歴')).toHaveAttribute('aria-current', 'page');
  });

  it('leaves out a word that is no page of its own, so every entry reads as the title of its page', async () => {
    const admin = renderApp('/invoice/paid-invoice-list', {
      apiUser: makeUser({ organizationId, roleInOrganizationCode: 0 }),
    });
    await admin.findByRole('heading', { level: 1, name: '支払済み請求書一覧' });
    expect(breadcrumbTexts(admin)).toEqual(['TOP', '支払済み請求書一覧']);
    admin.unmount();

    const member = renderApp('/organization/invitation', {
      apiUser: makeUser({ organizationId, roleInOrganizationCode: 1 }),
    });
    await member.findByRole('heading', { level: 1, name: '組織への招待' });
    expect(breadcrumbTexts(member)).toEqual(['TOP', '組織への招待']);
  });

  it('reads a chat room as its request, under the chat page', async () => {
    const room = makeRoom({ requestId: 2, requestName: '商標出願のご依頼' });
    server.use(...serveRoom(room, []).handlers);
    const app = renderApp(`/chat/${chatProjectId}/2`, { apiUser: makeUser() });
    const nav = app.getByRole('navigation', { name: 'パンくずリスト' });
    await waitFor(() => expect(breadcrumbTexts(app)).toEqual(['TOP', 'チャット', '商標出願のご依頼']), {
      timeout: 20_000,
    });
    expect(within(nav).getByRole('link', { name: 'チャット' })).toHaveAttribute('href', '/chat');
    expect(within(nav).getByText('商標出願のご依頼')).toHaveAttribute('aria-current', 'page');
  });

  it('names the matter of a request page by its reference code once the request is loaded', async () => {
    const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
    server.use(
      handlerFor(
        requestEndpoints.getRequest,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            item: makeRequestDetail({ projectId, requestId: 2 }),
          }),
        { namespace: 'user', params: { projectId, requestId: 2 } },
      ),
      handlerFor(
        requestHistoryEndpoints.listRequestHistory,
        () => HttpResponse.json({ hasError: false, message: '', items: [] }),
        { namespace: 'user', params: { projectId, requestId: 2 } },
      ),
      handlerFor(
        requestMailEndpoints.listRequestMails,
        () => HttpResponse.json({ hasError: false, message: '', items: [], unreadCount: 0 }),
        { namespace: 'user', params: { projectId, requestId: 2 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/2/history`, { apiUser: makeUser() });
    const nav = app.getByRole('navigation', { name: 'パンくずリスト' });
    expect(await within(nav).findByRole('link', { name: 'P-2026-001' }, { timeout: 20_000 })).toHaveAttribute(
      'href',
      `/projects?project-id=${projectId}`,
    );
    expect(within(nav).queryByText(projectId)).toBeNull();
  });

  it('shows the estimate in the blank layout: its title, no header or sidebar', async () => {
    const app = renderApp('/estimates/p/r/d', { apiUser: makeUser() });
    expect(await app.findByRole('heading', { level: 1, name: '見積書' })).toBeInTheDocument();
    expect(app.queryByRole('banner')).toBeNull();
    expect(app.queryByRole('navigation')).toBeNull();
    // No such estimate: the page says so (an invalid request No. is not even asked for).
    expect(await app.findByRole('heading', { level: 2, name: '見積書が見つかりません' })).toBeInTheDocument();
    expect(document.title).toBe('IP Portal | 見積書');
    await app.user.click(app.getByRole('link', { name: '依頼の見積・請求へ戻る' }));
    await waitFor(() => expect(app.location()).toBe('/requests/p/r/estimate-bill'));
  });

  it('leads from an invoice back to the invoice lists, in English too', async () => {
    const app = renderApp('/invoices/i-1', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    expect(await app.findByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument();
    await app.user.click(app.getByRole('link', { name: 'Back to invoice management' }));
    await waitFor(() => expect(app.location()).toBe('/invoice/unpaid-invoice-list'));
  });

  it('shows a translated not-found page for an unknown path, signed in or not', async () => {
    const app = renderApp('/no/such/page', { session: null, locale: 'en' });
    expect(await app.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(await app.findByText('The page you are looking for was not found.')).toBeInTheDocument();
    expect(app.location()).toBe('/no/such/page');
  });
});

describe('header and footer', () => {
  it('has the logo link to /, the language selector, the account link and the copyright', async () => {
    const app = renderApp('/chat', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    const header = app.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'IP Portal トップへ' })).toHaveAttribute('href', '/');
    const languages = within(header).getByRole('group', { name: '言語' });
    expect(within(languages).getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(app.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} IP Portal`);
  });

  it('has no sidebar and no account menu when signed out', async () => {
    const app = renderApp('/login', { session: null });
    await app.findByRole('heading', { level: 1, name: 'ログイン' });
    expect(app.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    expect(await app.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    const header = app.getByRole('banner');
    expect(within(header).queryByRole('button', { name: /アカウント/ })).toBeNull();
    expect(within(header).queryByRole('link', { name: /アカウント/ })).toBeNull();
  });
});

describe('account menu', () => {
  it("is the signed-in user's name and opens profile and sign-out", async () => {
    const app = renderApp('/chat', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    const header = app.getByRole('banner');
    const account = await within(header).findByRole('button', { name: 'Hanako Yamada' });
    expect(account).toHaveAttribute('aria-haspopup', 'menu');
    await app.user.click(account);
    const menu = within(header).getByRole('menu');
    expect(within(header).getByText('hanako@example.com')).toBeVisible();
    expect(within(header).getByText('企業ユーザー')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['アカウント情報', 'ログアウト']);
    await app.user.click(within(menu).getByRole('menuitem', { name: 'アカウント情報' }));
    expect(await app.findByRole('heading', { level: 1, name: 'アカウント情報' })).toBeInTheDocument();
    expect(app.location()).toBe('/profile');
    expect(within(header).queryByRole('menu')).toBeNull();
  });

  it('leads an office to its office profile too', async () => {
    const app = renderApp('/chat', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', name: 'Jiro Sato', email: 'jiro@firm.example.com' }),
    });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    await app.user.click(await within(app.getByRole('banner')).findByRole('button', { name: 'Jiro Sato' }));
    const menu = within(app.getByRole('menu'));
    expect(app.getByText('特許事務所ユーザー')).toBeVisible();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'アカウント情報',
      '事務所情報',
      'ログアウト',
    ]);
    expect(menu.getByRole('menuitem', { name: '事務所情報' })).toHaveAttribute('href', '/partner-firm');
  });

  it('signs out from any page and opens /login', async () => {
    const app = renderApp('/chat', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    await app.user.click(
      await within(app.getByRole('banner')).findByRole('button', { name: 'Hanako Yamada' }),
    );
    await app.user.click(app.getByRole('menuitem', { name: 'ログアウト' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.auth.signOutCalls).toBe(1);
    expect(await app.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
  });

  it('reads "Account" until the user is known, in English too', async () => {
    server.use(
      handlerFor(userEndpoints.getUser, () => new Promise<never>(() => undefined), { namespace: 'user' }),
    );
    const app = renderApp('/chat', { locale: 'en' });
    await app.findByRole('heading', { level: 1, name: 'Chat' });
    await app.user.click(within(app.getByRole('banner')).getByRole('button', { name: 'Account' }));
    expect(
      within(app.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account information', 'Log out']);
  });
});

describe('language', () => {
  it('switches header, sidebar, breadcrumb and document title at once, and remembers it', async () => {
    const app = renderApp('/requests', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: '依頼管理' });
    expect(app.getByRole('link', { name: '案件管理' })).toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: 'English' }));

    expect(app.getByRole('heading', { level: 1, name: 'Request management' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(app.getByRole('link', { name: 'Matter management' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Create matter' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Hanako Yamada' })).toBeInTheDocument();
    expect(breadcrumbTexts(app)).toEqual(['TOP', 'Request management']);
    expect(document.title).toBe('IP Portal | Request management');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(localeStorageKey)).toBe('en');
    expect(app.missingKeys).toEqual([]);
  });
});

describe('sidebars', () => {
  function sidebar(app: ReturnType<typeof renderApp>, name: string) {
    return within(app.getByRole('navigation', { name }));
  }

  it('default: create matter, then the entries in order', async () => {
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: '案件管理' });
    const nav = sidebar(app, 'メインメニュー');
    await waitFor(() => expect(nav.getByRole('link', { name: '組織設定' })).toBeInTheDocument());
    expect(nav.getByRole('button', { name: '案件作成' })).toBeInTheDocument();
    const entries = nav.getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toEqual([
      '案件管理',
      '依頼管理',
      '期限管理',
      '成果物一覧',
      '請求書管理',
      '年金管理',
      'チャット',
      '組織設定',
    ]);
    expect(nav.getByRole('link', { name: '案件管理' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'チャット' })).toHaveAttribute('href', '/chat');
    expect(nav.getByRole('link', { name: '期限管理' })).toHaveAttribute('href', '/terms');
    expect(nav.getByRole('link', { name: '年金管理' })).toHaveAttribute('href', '/pension');
    expect(nav.getByRole('link', { name: '依頼管理' })).toHaveAttribute('href', '/requests');
    expect(nav.getByRole('link', { name: '請求書管理' })).toHaveAttribute('href', '/invoice/manage');
    // The office's profile is the office's page only.
    expect(nav.queryByRole('link', { name: '事務所情報' })).toBeNull();
  });

  it('default for an office: no create matter, and its office profile', async () => {
    const app = renderApp('/chat', { session: patentSession, apiUser: makeUser({ userType: 'PATENT' }) });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    const nav = sidebar(app, 'メインメニュー');
    expect(await nav.findByRole('link', { name: '事務所情報' })).toHaveAttribute('href', '/partner-firm');
    expect(nav.queryByRole('button', { name: '案件作成' })).toBeNull();
    // Annuities are the client's; 期限管理 is the office's docket of the requests addressed to it.
    expect(nav.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '案件管理',
      '依頼管理',
      '期限管理',
      '成果物一覧',
      '請求書管理',
      'チャット',
      '事務所情報',
    ]);
    // The office's invoice entry leads to its own pages (the firm-invoice sidebar).
    expect(nav.getByRole('link', { name: '請求書管理' })).toHaveAttribute('href', '/invoice/firm');
  });

  it('shows organization management, not setup, to an organization administrator', async () => {
    const app = renderApp('/projects', { apiUser: makeUser({ organizationId, roleInOrganizationCode: 0 }) });
    const nav = sidebar(app, 'メインメニュー');
    expect(await nav.findByRole('link', { name: '組織管理' })).toHaveAttribute(
      'href',
      '/organization/manage',
    );
    expect(nav.queryByRole('link', { name: '組織設定' })).toBeNull();
  });

  it('shows neither organization entry to an organization member', async () => {
    const app = renderApp('/projects', { apiUser: makeUser({ organizationId, roleInOrganizationCode: 1 }) });
    await app.findByRole('heading', { level: 1, name: '案件管理' });
    const nav = sidebar(app, 'メインメニュー');
    await waitFor(() =>
      expect(app.store.getState().api.queries['getUser(undefined)']?.status).toBe('fulfilled'),
    );
    expect(nav.queryByRole('link', { name: '組織管理' })).toBeNull();
    expect(nav.queryByRole('link', { name: '組織設定' })).toBeNull();
  });

  it('fetches the user with the bearer token when it is not loaded yet', async () => {
    const app = renderApp('/projects', { apiUser: makeUser() });
    await waitFor(() =>
      expect(app.store.getState().api.queries['getUser(undefined)']?.status).toBe('fulfilled'),
    );
  });

  it('request-detail: back to top and the links of the current request', async () => {
    const app = renderApp('/requests/p-1/r-2/terms', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: '期限' });
    const nav = sidebar(app, '依頼メニュー');
    expect(nav.getByRole('link', { name: 'メール' })).toHaveAttribute('href', '/requests/p-1/r-2/mails');
    // The request's chat room.
    expect(nav.getByRole('link', { name: 'チャット' })).toHaveAttribute('href', '/chat/p-1/r-2');
    expect(nav.getByRole('link', { name: '期限' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: '成果物' })).toHaveAttribute(
      'href',
      '/requests/p-1/r-2/deliverables',
    );
    expect(nav.getByRole('link', { name: '見積・請求' })).toHaveAttribute(
      'href',
      '/requests/p-1/r-2/estimate-bill',
    );
    expect(nav.getByRole('link', { name: '履歴' })).toHaveAttribute('href', '/requests/p-1/r-2/history');
    await app.user.click(nav.getByRole('link', { name: 'トップへ戻る' }));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('user-invoice for REGULAR users, firm-invoice for PATENT users', async () => {
    const regular = renderApp('/invoice/unpaid-invoice-list', { apiUser: makeUser() });
    await regular.findByRole('heading', { level: 1, name: '未払い請求書一覧' });
    const nav = sidebar(regular, '請求メニュー');
    expect(nav.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'トップへ戻る',
      '請求書管理',
      '一括支払い',
      '支払い履歴',
      '発行履歴',
      '未払い請求書一覧',
      '支払済み請求書一覧',
    ]);
    regular.unmount();

    const firm = renderApp('/invoice/firm/payments', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT' }),
      locale: 'en',
    });
    await firm.findByRole('heading', { level: 1, name: 'Payments received' });
    const firmNav = sidebar(firm, 'Invoice menu');
    expect(firmNav.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Back to top',
      'Estimates',
      'Invoice drafts',
      'Issued invoices',
      'Overdue invoices',
      'Payments received',
      'Invoice settings',
    ]);
    expect(firmNav.getByRole('link', { name: 'Payments received' })).toHaveAttribute('aria-current', 'page');
    expect(firmNav.getByRole('link', { name: 'Estimates' })).toHaveAttribute(
      'href',
      '/invoice/firm/estimates',
    );
    expect(firmNav.getByRole('link', { name: 'Back to top' })).toHaveAttribute('href', '/');
  });

  it('organization-manage: users', async () => {
    const app = renderApp('/organization/users', {
      apiUser: makeUser({ organizationId, roleInOrganizationCode: 0 }),
    });
    await app.findByRole('heading', { level: 1, name: 'ユーザー管理' });
    // The sidebar may render a moment after the page heading, and its entries after it (they
    // wait for the user and the organization): find them, do not expect them at once.
    const nav = await app.findByRole('navigation', { name: '組織管理メニュー' });
    expect(await within(nav).findByRole('link', { name: 'ユーザー' })).toHaveAttribute(
      'href',
      '/organization/users',
    );
  });

  // jsdom applies no media queries, so the drawer's toggle stays display:none (desktop); look past it.
  it('toggles the navigation drawer and closes it on navigation', async () => {
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: '案件管理' });
    const toggle = app.getByRole('button', { name: 'メニューを開く', hidden: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(toggle);
    expect(app.store.getState().shell.drawerOpen).toBe(true);
    expect(app.getByRole('button', { name: 'メニューを折りたたむ', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await app.user.keyboard('{Escape}');
    expect(app.store.getState().shell.drawerOpen).toBe(false);
    await app.user.click(app.getByRole('button', { name: 'メニューを開く', hidden: true }));
    await app.user.click(app.getByRole('link', { name: '請求書管理' }));
    await app.findByRole('heading', { level: 1, name: '未払い請求書一覧' });
    expect(app.store.getState().shell.drawerOpen).toBe(false);
  });
});
