import { organizationEndpoints } from '@ipportal/domain';
import type { Organization, OrganizationMember } from '@ipportal/domain';
import { configure, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, organizationId } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

configure({ asyncUtilTimeout: 10_000 });

const admin = makeUser({ organizationId, roleInOrganizationCode: 0 });
const memberId = '5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const plainId = '6b2f3c4d-5e6f-4a71-8b8c-0d1e2f3a4b5c';

const organization = (requireTwoFactor = false): Organization => ({
  id: organizationId,
  name: 'Acme 株式会社',
  representativeName: '山田 太郎',
  requireTwoFactor,
  createDate: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
});

const active = (userId: string, name: string, email: string, twoFactorEnabled: boolean, role: 0 | 1 = 1) =>
  ({
    status: 'active',
    userId,
    invitationId: null,
    name,
    email,
    roleInOrganizationCode: role,
    since: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    mailStatus: null,
    twoFactorEnabled,
  }) satisfies OrganizationMember;

function serve(state: { memberHasIt: boolean; requireTwoFactor?: boolean }) {
  server.use(
    handlerFor(
      organizationEndpoints.getOrganization,
      () => HttpResponse.json({ hasError: false, message: '', item: organization(state.requireTwoFactor) }),
      { params: { organizationId } },
    ),
    handlerFor(
      organizationEndpoints.listMembers,
      () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          items: [
            active(admin.id, 'Hanako Yamada', admin.email, true, 0),
            active(memberId, '佐藤 次郎', 'jiro@example.com', state.memberHasIt),
            active(plainId, 'Ken Plain', 'ken@example.com', false),
          ],
        }),
      { params: { organizationId } },
    ),
  );
}

describe('two-factor sign-in on the organization users page', { timeout: 60_000 }, () => {
  it('shows who has it, and resets a member after a confirmation, with a toast', async () => {
    const state = { memberHasIt: true };
    serve(state);
    let deleted: string | null = null;
    server.use(
      handlerFor(
        organizationEndpoints.resetMemberTwoFactor,
        ({ params }) => {
          deleted = params.userId;
          state.memberHasIt = false;
          return HttpResponse.json({
            hasError: false,
            message: '',
            item: active(memberId, '佐藤 次郎', 'jiro@example.com', false),
          });
        },
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    const table = await app.findByRole('table', { name: '組織のユーザー' }, { timeout: 20_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('有効');
    expect(rows[1]).toHaveTextContent('有効');
    expect(rows[2]).toHaveTextContent('無効');
    // Not for oneself (that is /profile's), not for a member without it.
    expect(within(rows[0]!).queryByRole('button', { name: /2段階認証をリセット/ })).toBeNull();
    expect(within(rows[2]!).queryByRole('button', { name: /2段階認証をリセット/ })).toBeNull();

    await app.user.click(within(rows[1]!).getByRole('button', { name: '佐藤 次郎 の2段階認証をリセット' }));
    const dialog = await app.findByRole('alertdialog', { name: '佐藤 次郎 の2段階認証をリセットしますか？' });
    expect(dialog).toHaveTextContent('ログイン中のすべての端末からログアウトされます');
    expect(deleted).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'リセットする' }));

    expect(
      await app.findByText('佐藤 次郎 の2段階認証をリセットし、すべての端末からログアウトしました'),
    ).toBeInTheDocument();
    expect(deleted).toBe(memberId);
    // The list is read again: the member's row now says off and offers no reset.
    await waitFor(() =>
      expect(app.queryByRole('button', { name: '佐藤 次郎 の2段階認証をリセット' })).toBeNull(),
    );
    expect(app.missingKeys).toEqual([]);
  });

  it('says why a reset failed, in English', async () => {
    serve({ memberHasIt: true });
    server.use(
      handlerFor(
        organizationEndpoints.resetMemberTwoFactor,
        () =>
          HttpResponse.json(
            { hasError: true, message: 'This member has not set up two-factor sign-in' },
            { status: 409 },
          ),
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', {
      apiUser: makeUser({ ...admin, locale: 'en' }),
      locale: 'en',
    });
    await app.user.click(
      await app.findByRole('button', { name: 'Reset two-factor sign-in of 佐藤 次郎' }, { timeout: 20_000 }),
    );
    const dialog = await app.findByRole('alertdialog', { name: 'Reset two-factor sign-in of 佐藤 次郎?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await app.findByText('Two-factor sign-in could not be reset')).toBeInTheDocument();
    expect(app.getByText('This member has not set up two-factor sign-in')).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it('requires two-factor sign-in of every member with the security switch', async () => {
    const state = { memberHasIt: true, requireTwoFactor: false };
    serve(state);
    let body: unknown;
    server.use(
      handlerFor(
        organizationEndpoints.setTwoFactorRequirement,
        async ({ request }) => {
          body = await request.json();
          state.requireTwoFactor = true;
          return HttpResponse.json({ hasError: false, message: '', item: organization(true) });
        },
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    const toggle = await app.findByRole(
      'switch',
      { name: /すべてのメンバーに2段階認証を必須にする/ },
      { timeout: 20_000 },
    );
    expect(toggle).not.toBeChecked();
    await app.user.click(toggle);
    expect(await app.findByText('すべてのメンバーに2段階認証を必須にしました')).toBeInTheDocument();
    expect(body).toEqual({ required: true });
    await waitFor(() =>
      expect(app.getByRole('switch', { name: /すべてのメンバーに2段階認証を必須にする/ })).toBeChecked(),
    );
    expect(app.missingKeys).toEqual([]);
  });
});
