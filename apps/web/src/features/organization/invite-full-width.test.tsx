import { organizationEndpoints } from '@ipportal/domain';
import { configure, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, organizationId } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

configure({ asyncUtilTimeout: 10_000 });

const admin = makeUser({ organizationId, roleInOrganizationCode: 0 });

describe('inviting a member', { timeout: 60_000 }, () => {
  it('sends an address typed in full width in its half-width form', async () => {
    let invited: unknown;
    server.use(
      handlerFor(
        organizationEndpoints.getOrganization,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            item: {
              id: organizationId,
              name: 'Acme 株式会社',
              representativeName: '山田 太郎',
              createDate: '2026-01-01T00:00:00.000Z',
              updateDate: '2026-01-01T00:00:00.000Z',
            },
          }),
        { params: { organizationId } },
      ),
      handlerFor(
        organizationEndpoints.listMembers,
        () => HttpResponse.json({ hasError: false, message: '', items: [] }),
        { params: { organizationId } },
      ),
      handlerFor(
        organizationEndpoints.inviteMember,
        async ({ request }) => {
          invited = await request.json();
          return HttpResponse.json(
            {
              hasError: false,
              message: '',
              item: {
                status: 'invited',
                userId: null,
                invitationId: '6b2f3c4d-5e6f-4a71-8b8c-0d1e2f3a4b5c',
                name: '',
                email: 'new@example.com',
                roleInOrganizationCode: 1,
                since: '2026-01-03T00:00:00.000Z',
                expiresAt: '2026-01-17T00:00:00.000Z',
                mailStatus: 'queued',
              },
            },
            { status: 201 },
          );
        },
        { params: { organizationId } },
      ),
    );
    const app = renderApp('/organization/users', { apiUser: admin });
    await app.user.click(await app.findByRole('button', { name: 'ユーザーを招待' }, { timeout: 20_000 }));
    const dialog = await app.findByRole('dialog', { name: 'ユーザーを招待' });
    await app.user.type(within(dialog).getByLabelText(/メールアドレス/), 'ｎｅｗ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    await app.user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));
    await waitFor(() => expect(app.queryByRole('dialog', { name: 'ユーザーを招待' })).toBeNull());
    expect(invited).toMatchObject({ email: 'new@example.com' });
  });
});
