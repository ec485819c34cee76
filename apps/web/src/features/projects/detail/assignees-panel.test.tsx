import { organizationEndpoints, projectAssigneeEndpoints } from '@ipportal/domain';
import type { OrganizationMember, ProjectAssignee } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, organizationId } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { makeDetail, serveDetail, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);

const slow = { timeout: 20_000 };
const admin = makeUser({ organizationId, roleInOrganizationCode: 0 });
const mika = { userId: '11111111-1111-4111-8111-111111111111', name: 'Mika', email: 'mika@acme.example' };
const ken = { userId: '22222222-2222-4222-8222-222222222222', name: 'Ken', email: 'ken@acme.example' };

function member(person: typeof mika, role: 0 | 1): OrganizationMember {
  return {
    status: 'active',
    invitationId: null,
    roleInOrganizationCode: role,
    since: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    mailStatus: null,
    twoFactorEnabled: null,
    ...person,
  };
}

function serveAssignees(projectId: string, items: ProjectAssignee[]) {
  server.use(
    handlerFor(
      projectAssigneeEndpoints.listProjectAssignees,
      () => HttpResponse.json({ hasError: false, message: '', items }),
      { params: { projectId } },
    ),
    handlerFor(
      organizationEndpoints.listMembers,
      () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          items: [
            member({ userId: admin.id, name: 'Hanako Yamada', email: admin.email }, 0),
            member(mika, 1),
            member(ken, 1),
          ],
        }),
      { params: { organizationId } },
    ),
  );
}

describe('matter assignees', { timeout: 60_000 }, () => {
  it('an administrator picks among members (administrators are not listed); the creator stays', async () => {
    const detail = makeDetail({ title: '組織の案件' });
    serveDetail(detail);
    serveAssignees(detail.id, [{ ...mika, creator: true, administrator: false }]);
    let put: unknown;
    server.use(
      handlerFor(
        projectAssigneeEndpoints.setProjectAssignees,
        async ({ request }) => {
          put = await request.json();
          return HttpResponse.json({
            hasError: false,
            message: '',
            items: [
              { ...ken, creator: false, administrator: false },
              { ...mika, creator: true, administrator: false },
            ],
          });
        },
        { params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: admin });
    const panel = await app.findByRole('region', { name: '担当者' }, slow);
    expect(await within(panel).findByText('Mika · 作成者')).toBeInTheDocument();
    expect(within(panel).getByText('組織の管理者はすべての案件の担当者です')).toBeInTheDocument();

    await app.user.click(within(panel).getByRole('button', { name: '担当者を選ぶ' }));
    const dialog = await app.findByRole('dialog', { name: '担当者を選ぶ' });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    expect(within(dialog).queryByLabelText('Hanako Yamada')).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: /Mika/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Mika/ })).toBeDisabled();
    await app.user.click(within(dialog).getByRole('checkbox', { name: /Ken/ }));
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(app.queryByRole('dialog', { name: '担当者を選ぶ' })).toBeNull());
    expect(put).toEqual({ userIds: [mika.userId, ken.userId] });
    expect(await app.findByText('担当者を保存しました')).toBeInTheDocument();
    expect(await within(panel).findByText('Ken')).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it("names the administrator who sent the matter's requests instead of saying nobody is assigned", async () => {
    const detail = makeDetail({ title: '管理者の案件' });
    serveDetail(detail);
    const hanako = { userId: admin.id, name: 'Hanako Yamada', email: admin.email };
    serveAssignees(detail.id, [{ ...hanako, creator: true, administrator: true }]);
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: admin });
    const panel = await app.findByRole('region', { name: '担当者' }, slow);
    expect(await within(panel).findByText('Hanako Yamada · 管理者')).toBeInTheDocument();
    expect(within(panel).queryByText('担当者はいません')).toBeNull();

    // The picker still offers the members only, none of them chosen yet: nothing to save.
    await app.user.click(within(panel).getByRole('button', { name: '担当者を選ぶ' }));
    const dialog = await app.findByRole('dialog', { name: '担当者を選ぶ' });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(app.queryByRole('dialog', { name: '担当者を選ぶ' })).toBeNull());
    expect(app.missingKeys).toEqual([]);
  });

  it('a member sees who is assigned but cannot choose', async () => {
    const detail = makeDetail({ title: 'メンバーの案件' });
    serveDetail(detail);
    serveAssignees(detail.id, [{ ...ken, creator: false, administrator: false }]);
    const app = renderApp(`/projects?project-id=${detail.id}`, {
      apiUser: makeUser({ organizationId, roleInOrganizationCode: 1 }),
      locale: 'en',
    });
    const panel = await app.findByRole('region', { name: 'Assignees' }, slow);
    expect(await within(panel).findByText('Ken')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Choose assignees' })).toBeNull();
  });

  it('a user without an organization sees no assignees', async () => {
    const detail = makeDetail({ title: '個人の案件' });
    serveDetail(detail);
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: makeUser() });
    await app.findByRole('heading', { level: 2, name: /個人の案件/ }, slow);
    await waitFor(() =>
      expect(app.store.getState().api.queries['getUser(undefined)']?.status).toBe('fulfilled'),
    );
    expect(app.queryByRole('region', { name: '担当者' })).toBeNull();
  });
});
