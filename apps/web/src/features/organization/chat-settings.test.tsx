import { chatEndpoints, organizationEndpoints } from '@ipportal/domain';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, organizationId } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const admin = makeUser({ organizationId, roleInOrganizationCode: 0 });

function serveOrganization(share: { value: boolean }, puts: unknown[], refuse = false) {
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
      chatEndpoints.getChatSettings,
      () => HttpResponse.json({ hasError: false, message: '', item: { shareReadReceipts: share.value } }),
      { params: { organizationId } },
    ),
    handlerFor(
      chatEndpoints.updateChatSettings,
      async ({ request }) => {
        const body = await request.json();
        puts.push(body);
        if (refuse) {
          return HttpResponse.json(
            { hasError: true, message: '組織の管理者だけが操作できます' },
            { status: 403 },
          );
        }
        share.value = body.shareReadReceipts;
        return HttpResponse.json({ hasError: false, message: '', item: body });
      },
      { params: { organizationId } },
    ),
  );
}

describe('organization chat settings', { timeout: 60_000 }, () => {
  it('turns the read receipts off and on, at once', async () => {
    const share = { value: true };
    const puts: unknown[] = [];
    serveOrganization(share, puts);
    const app = renderApp('/organization/users', { apiUser: admin });
    expect(await app.findByRole('heading', { level: 2, name: 'チャット設定' }, slow)).toBeInTheDocument();
    const toggle = await app.findByRole('switch', { name: '既読を相手先に表示する' }, slow);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(/事務所側に「既読」と表示されます/);
    await app.user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ shareReadReceipts: false }]));
    expect(await app.findByText('既読を相手先に表示しないようにしました')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    // Keyboard: Space toggles it back.
    toggle.focus();
    await app.user.keyboard(' ');
    await waitFor(() => expect(puts).toHaveLength(2));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(app.missingKeys).toEqual([]);
  });

  it("shows the server's refusal and keeps the setting, in English", async () => {
    const share = { value: true };
    const puts: unknown[] = [];
    serveOrganization(share, puts, true);
    const app = renderApp('/organization/users', { apiUser: admin, locale: 'en' });
    const toggle = await app.findByRole('switch', { name: 'Show read receipts to the other side' }, slow);
    await app.user.click(toggle);
    expect(await app.findByText('Could not change the chat settings')).toBeInTheDocument();
    expect(app.getByText('組織の管理者だけが操作できます')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(app.missingKeys).toEqual([]);
  });
});
