import { organizationEndpoints, projectEndpoints } from '@ipportal/domain';
import type { OrganizationMember } from '@ipportal/domain';
import { configure, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, organizationId } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

configure({ asyncUtilTimeout: 10_000 });

const admin = makeUser({ organizationId, roleInOrganizationCode: 0 });
const organization = {
  id: organizationId,
  name: 'Acme 株式会社',
  representativeName: '山田 太郎',
  requireTwoFactor: false,
  createDate: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
};
const memberId = '5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const invitationId = '6b2f3c4d-5e6f-4a71-8b8c-0d1e2f3a4b5c';

function members(): OrganizationMember[] {
  return [
    {
      status: 'active',
      userId: admin.id,
      invitationId: null,
      name: 'Hanako Yamada',
      email: admin.email,
      roleInOrganizationCode: 0,
      since: '2026-01-01T00:00:00.000Z',
      expiresAt: null,
      mailStatus: null,
      twoFactorEnabled: true,
    },
    {
      status: 'active',
      userId: memberId,
      invitationId: null,
      name: '佐藤 次郎',
      email: 'jiro@example.com',
      roleInOrganizationCode: 1,
      since: '2026-01-02T00:00:00.000Z',
      expiresAt: null,
      mailStatus: null,
      twoFactorEnabled: false,
    },
    {
      status: 'invited',
      userId: null,
      invitationId,
      name: '',
      email: 'new@example.com',
      roleInOrganizationCode: 1,
      since: '2026-01-03T00:00:00.000Z',
      expiresAt: '2026-01-17T00:00:00.000Z',
      mailStatus: 'sent',
      twoFactorEnabled: null,
    },
  ];
}

function organizationHandlers(list = members()) {
  server.use(
    handlerFor(
      organizationEndpoints.getOrganization,
      () => HttpResponse.json({ hasError: false, message: '', item: organization }),
      { params: { organizationId } },
    ),
    handlerFor(
      organizationEndpoints.listMembers,
      () => HttpResponse.json({ hasError: false, message: '', items: list }),
      { params: { organizationId } },
    ),
  );
}

const sidebar = (app: ReturnType<typeof renderApp>) =>
  within(app.getByRole('navigation', { name: 'メインメニュー' }));

describe('organization pages', { timeout: 60_000 }, () => {
  it('/organization/create checks the fields, creates the organization and switches the sidebar at once', async () => {
    let posted: unknown;
    server.use(
      handlerFor(organizationEndpoints.createOrganization, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ hasError: false, message: '', item: organization }, { status: 201 });
      }),
    );
    organizationHandlers();
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: [],
            counts: { all: 0, patent: 0, utilityModel: 0, design: 0, trademark: 0, deleted: 0 },
            nextCursor: null,
          }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/organization/create', { apiUser: makeUser() });
    const name = await app.findByLabelText(/組織名/, {}, { timeout: 20_000 });
    await waitFor(() => expect(sidebar(app).getByRole('link', { name: '組織設定' })).toBeInTheDocument());

    await app.user.click(app.getByRole('button', { name: '組織を作成する' }));
    expect(await app.findByText('入力内容に誤りがあります')).toBeInTheDocument();
    expect(app.getAllByText('必須項目です')).toHaveLength(2);
    expect(posted).toBeUndefined();

    await app.user.type(name, 'Acme 株式会社');
    await app.user.type(app.getByLabelText(/代表者名/), '山田 太郎');
    await app.user.click(app.getByRole('button', { name: '組織を作成する' }));

    // No longer allowed on /organization/create: the guard leads to /, the sidebar has switched.
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(posted).toEqual({ name: 'Acme 株式会社', representativeName: '山田 太郎' });
    expect(await app.findByText(/組織「Acme 株式会社」を作成しました/)).toBeInTheDocument();
    expect(app.store.getState().api.queries['getUser(undefined)']?.data).toMatchObject({
      organizationId,
      roleInOrganizationCode: 0,
    });
    const nav = sidebar(app);
    expect(await nav.findByRole('link', { name: '組織管理' })).toHaveAttribute(
      'href',
      '/organization/manage',
    );
    expect(nav.queryByRole('link', { name: '組織設定' })).toBeNull();
    await app.user.click(nav.getByRole('link', { name: '組織管理' }));
    await waitFor(() => expect(app.location()).toBe('/organization/users'));
    expect(await app.findByRole('table', { name: '組織のユーザー' })).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it('/organization/create shows the server message when creation fails', async () => {
    server.use(
      handlerFor(organizationEndpoints.createOrganization, () =>
        HttpResponse.json({ hasError: true, message: 'すでに組織に所属しています' }, { status: 409 }),
      ),
    );
    const app = renderApp('/organization/create', { apiUser: makeUser() });
    await app.user.type(await app.findByLabelText(/組織名/, {}, { timeout: 20_000 }), 'Acme');
    await app.user.type(app.getByLabelText(/代表者名/), 'Taro');
    await app.user.click(app.getByRole('button', { name: '組織を作成する' }));
    expect(await app.findByText('組織を作成できませんでした')).toBeInTheDocument();
    expect(app.getByText('すでに組織に所属しています')).toBeInTheDocument();
    expect(app.location()).toBe('/organization/create');
  });

  it('/organization/create in English', async () => {
    const app = renderApp('/organization/create', { apiUser: makeUser(), locale: 'en' });
    expect(await app.findByLabelText(/Organization name/, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(app.getByLabelText(/Representative name/)).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'Create organization' }));
    expect(await app.findByText('There are validation errors')).toBeInTheDocument();
    expect(app.getAllByText('Required').length).toBeGreaterThanOrEqual(2);
    expect(app.missingKeys).toEqual([]);
  });

  it('/organization/users lists members and invitations with role and status', async () => {
    organizationHandlers();
    const app = renderApp('/organization/users', { apiUser: admin });
    const table = await app.findByRole('table', { name: '組織のユーザー' }, { timeout: 20_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      admin.email,
      'jiro@example.com',
      'new@example.com',
    ]);
    expect(rows[0]).toHaveTextContent('Hanako Yamada（あなた）');
    expect(rows[0]).toHaveTextContent('参加中');
    expect(rows[2]).toHaveTextContent('（未登録）');
    expect(rows[2]).toHaveTextContent('招待中');
    // The only administrator can be neither demoted nor removed.
    expect(within(rows[0]!).getByRole('combobox', { name: 'Hanako Yamada の権限' })).toBeDisabled();
    expect(within(rows[0]!).getByRole('button', { name: '削除' })).toBeDisabled();
    expect(within(rows[1]!).getByRole('combobox', { name: '佐藤 次郎 の権限' })).toBeEnabled();
    expect(app.getByRole('heading', { name: 'Acme 株式会社' })).toBeInTheDocument();
    expect(app.getByText('代表者: 山田 太郎')).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it('invites by email in the chosen mail language, with validation and a toast', async () => {
    organizationHandlers();
    let invited: unknown;
    server.use(
      handlerFor(
        organizationEndpoints.inviteMember,
        async ({ request }) => {
          invited = await request.json();
          return HttpResponse.json({ hasError: false, message: '', item: members()[2] }, { status: 201 });
        },
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    await app.user.click(await app.findByRole('button', { name: 'ユーザーを招待' }, { timeout: 20_000 }));
    const dialog = await app.findByRole('dialog', { name: 'ユーザーを招待' });
    await app.user.type(within(dialog).getByLabelText(/メールアドレス/), 'not-an-email');
    await app.user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));
    expect(
      await within(dialog).findByText('メールアドレスは name@example.com の形で入力してください'),
    ).toBeInTheDocument();
    expect(invited).toBeUndefined();

    await app.user.clear(within(dialog).getByLabelText(/メールアドレス/));
    await app.user.type(within(dialog).getByLabelText(/メールアドレス/), 'New@Example.com');
    await app.user.selectOptions(within(dialog).getByLabelText('権限'), '0');
    await app.user.selectOptions(within(dialog).getByLabelText('招待メールの言語'), 'en');
    await app.user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));
    await waitFor(() => expect(app.queryByRole('dialog', { name: 'ユーザーを招待' })).toBeNull());
    expect(invited).toEqual({ email: 'New@Example.com', roleInOrganizationCode: 0, locale: 'en' });
    expect(
      await app.findByText('new@example.com を招待しました。招待メールを送信します'),
    ).toBeInTheDocument();
  });

  it('an invitation the server refuses: the toast gives the server reason, the dialog stays with the address', async () => {
    organizationHandlers();
    const reason = 'リクエストが多すぎます。しばらくしてからもう一度お試しください';
    let attempts = 0;
    server.use(
      handlerFor(
        organizationEndpoints.inviteMember,
        () => {
          attempts += 1;
          return attempts === 1
            ? HttpResponse.json({ hasError: true, message: reason }, { status: 429 })
            : HttpResponse.json({ hasError: false, message: '', item: members()[2] }, { status: 201 });
        },
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    await app.user.click(await app.findByRole('button', { name: 'ユーザーを招待' }, { timeout: 20_000 }));
    const dialog = await app.findByRole('dialog', { name: 'ユーザーを招待' });
    await app.user.type(within(dialog).getByLabelText(/メールアドレス/), 'new@example.com');
    await app.user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));
    expect(await app.findByText('招待できませんでした')).toBeInTheDocument();
    expect(app.getByText(reason)).toBeInTheDocument();
    expect(app.getByRole('dialog', { name: 'ユーザーを招待' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/メールアドレス/)).toHaveValue('new@example.com');

    // Retrying from the same dialog sends the same address again (once the button is ready).
    await app.user.click(await within(dialog).findByRole('button', { name: '招待メールを送る' }));
    await waitFor(() => expect(app.queryByRole('dialog', { name: 'ユーザーを招待' })).toBeNull());
    expect(attempts).toBe(2);
    expect(
      await app.findByText('new@example.com を招待しました。招待メールを送信します'),
    ).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it("shows each invitation's mail state; resending a failed one invites the address again and the list follows", async () => {
    const [self, jiro, sent] = members();
    const failedId = '7c3a4d5e-6f70-4b82-9c9d-1e2f3a4b5c6d';
    const failed: OrganizationMember = {
      ...sent!,
      invitationId: failedId,
      email: 'bounced@example.com',
      roleInOrganizationCode: 0,
      mailStatus: 'failed',
    };
    const queued: OrganizationMember = {
      ...sent!,
      invitationId: '8d4b5e6f-7081-4c93-8dae-2f3a4b5c6d7e',
      email: 'waiting@example.com',
      mailStatus: 'queued',
    };
    let list = [self!, jiro!, sent!, failed, queued];
    let resent: unknown;
    server.use(
      handlerFor(
        organizationEndpoints.getOrganization,
        () => HttpResponse.json({ hasError: false, message: '', item: organization }),
        { params: { organizationId } },
      ),
      handlerFor(
        organizationEndpoints.listMembers,
        () => HttpResponse.json({ hasError: false, message: '', items: list }),
        { params: { organizationId } },
      ),
      handlerFor(
        organizationEndpoints.inviteMember,
        async ({ request }) => {
          resent = await request.json();
          const replacement = {
            ...failed,
            invitationId: '9e5c6f70-8192-4da4-8ebf-3a4b5c6d7e8f',
            mailStatus: 'queued' as const,
          };
          list = [self!, jiro!, sent!, queued, replacement];
          return HttpResponse.json({ hasError: false, message: '', item: replacement }, { status: 201 });
        },
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    const table = await app.findByRole('table', { name: '組織のユーザー' }, { timeout: 20_000 });
    const row = (email: string) => within(table).getByRole('row', { name: new RegExp(email) });
    expect(row('new@example.com')).toHaveTextContent('招待メール送信済み');
    expect(row('waiting@example.com')).toHaveTextContent('招待メール送信待ち');
    expect(row('bounced@example.com')).toHaveTextContent('招待メール送信失敗');
    expect(row('bounced@example.com')).toHaveTextContent('「再送」で新しい招待メールを送れます');
    expect(row(admin.email)).not.toHaveTextContent('招待メール');

    await app.user.click(within(row('bounced@example.com')).getByRole('button', { name: '再送' }));
    expect(
      await app.findByText('bounced@example.com を招待しました。招待メールを送信します'),
    ).toBeInTheDocument();
    expect(resent).toEqual({ email: 'bounced@example.com', roleInOrganizationCode: 0 });
    await waitFor(() => expect(row('bounced@example.com')).toHaveTextContent('招待メール送信待ち'));
    expect(row('bounced@example.com')).not.toHaveTextContent('招待メール送信失敗');
    expect(app.missingKeys).toEqual([]);
  });

  it('changes a role, and removes a member after confirmation; failures show the server message', async () => {
    organizationHandlers();
    let patched: unknown;
    let removed = false;
    server.use(
      handlerFor(
        organizationEndpoints.changeMemberRole,
        async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json({
            hasError: false,
            message: '',
            item: { ...members()[1], roleInOrganizationCode: 0 },
          });
        },
        { params: { organizationId, userId: memberId } },
      ),
      handlerFor(
        organizationEndpoints.removeMember,
        () => {
          removed = true;
          return HttpResponse.json(
            { hasError: true, message: '最後の管理者は変更・削除できません' },
            { status: 409 },
          );
        },
        { params: { organizationId, userId: memberId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    const role = await app.findByRole('combobox', { name: '佐藤 次郎 の権限' }, { timeout: 20_000 });
    await app.user.selectOptions(role, '0');
    expect(await app.findByText('佐藤 次郎 の権限を「管理者」に変更しました')).toBeInTheDocument();
    expect(patched).toEqual({ roleInOrganizationCode: 0 });

    const row = app.getByRole('row', { name: /jiro@example.com/ });
    await app.user.click(within(row).getByRole('button', { name: '削除' }));
    const confirm = await app.findByRole('alertdialog', { name: '佐藤 次郎 を組織から削除しますか？' });
    expect(confirm).toHaveTextContent('このユーザーが作成した案件は組織に残ります');
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await app.findByText('ユーザーを削除できませんでした')).toBeInTheDocument();
    expect(app.getByText('最後の管理者は変更・削除できません')).toBeInTheDocument();
    expect(removed).toBe(true);
  });

  it('revokes a pending invitation after confirmation', async () => {
    organizationHandlers();
    let revoked = false;
    server.use(
      handlerFor(
        organizationEndpoints.revokeInvitation,
        () => {
          revoked = true;
          return HttpResponse.json({ hasError: false, message: '', item: { id: invitationId } });
        },
        { params: { organizationId, invitationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    await app.user.click(await app.findByRole('button', { name: '招待を取り消す' }, { timeout: 20_000 }));
    const confirm = await app.findByRole('alertdialog', {
      name: 'new@example.com への招待を取り消しますか？',
    });
    await app.user.click(within(confirm).getByRole('button', { name: '取り消す' }));
    expect(await app.findByText('new@example.com への招待を取り消しました')).toBeInTheDocument();
    expect(revoked).toBe(true);
  });

  it('shows the users page in English', async () => {
    organizationHandlers();
    const app = renderApp('/organization/users', { apiUser: admin, locale: 'en' });
    const table = await app.findByRole('table', { name: 'Users of the organization' }, { timeout: 20_000 });
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getByText('Invited')).toBeInTheDocument();
    expect(within(table).getByText('Invitation mail sent')).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });
});

describe('/organization/invitation', { timeout: 60_000 }, () => {
  const preview = {
    organizationName: 'Acme 株式会社',
    email: 'hanako@example.com',
    roleInOrganizationCode: 1,
    state: 'pending',
    acceptedByYou: false,
    forYou: true,
    expiresAt: '2026-02-01T00:00:00.000Z',
  };
  const inspect = (item: object) =>
    server.use(
      handlerFor(organizationEndpoints.inspectInvitation, () =>
        HttpResponse.json({ hasError: false, message: '', item }),
      ),
    );

  it('sends a signed-out visitor to /login with the invitation as the redirect target', async () => {
    const app = renderApp('/organization/invitation?token=abc', { session: null });
    await waitFor(() =>
      expect(app.location()).toBe(
        `/login?redirect=${encodeURIComponent('/organization/invitation?token=abc')}`,
      ),
    );
  });

  it('accepts the invitation; the cached user joins and the sidebar follows', async () => {
    inspect(preview);
    let token: unknown;
    server.use(
      handlerFor(organizationEndpoints.acceptInvitation, async ({ request }) => {
        token = (await request.json()).token;
        return HttpResponse.json({
          hasError: false,
          message: '',
          item: makeUser({ organizationId, roleInOrganizationCode: 1 }),
        });
      }),
    );
    const app = renderApp('/organization/invitation?token=abc', { apiUser: makeUser() });
    expect(
      await app.findByText(
        /hanako@example.com 宛てに、組織「Acme 株式会社」へ「メンバー」として参加する招待/,
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '招待を承諾して参加する' }));
    await waitFor(() => expect(app.location()).toBe('/projects'));
    expect(token).toBe('abc');
    expect(await app.findByText('組織「Acme 株式会社」に参加しました')).toBeInTheDocument();
    await waitFor(() => expect(sidebar(app).queryByRole('link', { name: '組織設定' })).toBeNull());
  });

  it('says when the invitation is for another address, or the user already joined', async () => {
    inspect({ ...preview, forYou: false, email: 'other@example.com' });
    const app = renderApp('/organization/invitation?token=abc', { apiUser: makeUser() });
    expect(
      await app.findByText(/この招待は other@example.com 宛てです/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(app.queryByRole('button', { name: '招待を承諾して参加する' })).toBeNull();
  });

  it('confirms membership after joining on sign-up', async () => {
    inspect({ ...preview, state: 'accepted', acceptedByYou: true });
    const app = renderApp('/organization/invitation?token=abc', {
      apiUser: makeUser({ organizationId, roleInOrganizationCode: 1 }),
    });
    expect(
      await app.findByText('あなたは組織「Acme 株式会社」のメンバーです。', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('tells a PATENT user to sign in as a client', async () => {
    const app = renderApp('/organization/invitation?token=abc', {
      session: { userType: 'PATENT', subject: 'firm-1' },
      apiUser: makeUser({ userType: 'PATENT' }),
    });
    expect(
      await app.findByText(/組織への招待は企業ユーザー向けです/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
