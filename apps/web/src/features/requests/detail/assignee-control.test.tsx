import { requestEndpoints, requestMailEndpoints, userEndpoints } from '@ipportal/domain';
import type { RequestAssigneeCandidate, RequestDetail } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../../test/fake-auth-port';
import { makeRequestDetail, makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { handlerFor } from '../../../../test/handler-for';

const slow = { timeout: 20_000 };
const projectId = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
const firmId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const hanako = { id: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10', name: 'Hanako Yamada' };
const taro = { id: '5d2e8f1a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', name: 'Taro Suzuki' };
const candidates: RequestAssigneeCandidate[] = [
  { ...hanako, email: 'hanako@example.com' },
  { ...taro, email: 'taro@example.com' },
];

function makeRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return makeRequestDetail({ projectId, assignee: hanako, ...overrides });
}

function serveRequest(ns: 'user' | 'patent', request = makeRequest()) {
  server.use(
    handlerFor(
      requestEndpoints.getRequest,
      () => HttpResponse.json({ hasError: false, message: '', item: request }),
      { namespace: ns, params: { projectId, requestId: 1 } },
    ),
    handlerFor(
      requestMailEndpoints.listRequestMails,
      () => HttpResponse.json({ hasError: false, message: '', items: [], unreadCount: 0 }),
      { namespace: ns, params: { projectId, requestId: 1 } },
    ),
    handlerFor(
      requestEndpoints.listRequestAssigneeCandidates,
      () => HttpResponse.json({ hasError: false, message: '', items: candidates }),
      { params: { projectId, requestId: 1 } },
    ),
  );
}

beforeAll(async () => {
  // The first lazy import of the pages is slow in vitest's module runner.
  await Promise.all([import('../request-mails-page'), import('../../../i18n/domain-resources')]);
}, 60_000);

describe('request header: the assignee', { timeout: 60_000 }, () => {
  it('the client side hands the request to another member: the header shows the new assignee and a toast', async () => {
    serveRequest('user');
    let sent: unknown = null;
    server.use(
      handlerFor(
        requestEndpoints.updateRequestAssignee,
        async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({ hasError: false, message: '', item: makeRequest({ assignee: taro }) });
        },
        { params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser() });
    expect(await app.findByText('担当者: Hanako Yamada', {}, slow)).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '担当者を変更' }));
    const dialog = await app.findByRole('dialog', { name: '担当者の変更' });
    const select = await within(dialog).findByRole('combobox', { name: '担当者' });
    expect(select).toHaveValue(hanako.id);
    expect(
      within(dialog).getByRole('option', { name: 'Taro Suzuki (taro@example.com)' }),
    ).toBeInTheDocument();
    await app.user.selectOptions(select, taro.id);
    await app.user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(await app.findByText('担当者を変更しました')).toBeInTheDocument();
    expect(sent).toEqual({ assigneeUserId: taro.id });
    expect(await app.findByText('担当者: Taro Suzuki')).toBeInTheDocument();
    expect(app.queryByRole('dialog', { name: '担当者の変更' })).not.toBeInTheDocument();
  });

  it('a refused assignee: failure toast, the field explains, the dialog stays (English)', async () => {
    serveRequest('user');
    server.use(
      handlerFor(
        requestEndpoints.updateRequestAssignee,
        () =>
          HttpResponse.json(
            {
              hasError: true,
              message: 'Choose the assignee among the members',
              errors: [{ path: 'assigneeUserId', message: 'Choose the assignee among the members' }],
            },
            { status: 400 },
          ),
        { params: { projectId, requestId: 1 } },
      ),
      // The English interface stores the language preference.
      handlerFor(
        userEndpoints.updateUser,
        () => HttpResponse.json({ hasError: false, message: '', item: makeUser({ locale: 'en' }) }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser(), locale: 'en' });
    expect(await app.findByText('Assignee: Hanako Yamada', {}, slow)).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'Change assignee' }));
    const dialog = await app.findByRole('dialog', { name: 'Change the assignee' });
    const select = await within(dialog).findByRole('combobox', { name: 'Assignee' });
    await app.user.selectOptions(select, '');
    await app.user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await app.findByText('Failed to change the assignee')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Choose the assignee among the members').length).toBeGreaterThan(0);
    expect(app.getByRole('dialog', { name: 'Change the assignee' })).toBeInTheDocument();
    expect(app.getByText('Assignee: Hanako Yamada')).toBeInTheDocument();
  });

  it('an assignee who no longer sees the matter: the dialog says so and starts with nobody chosen', async () => {
    const ken = { id: '7c3d9e2b-4a5f-4b6c-9d7e-8f9a0b1c2d3e', name: 'Ken Sato' };
    serveRequest('user', makeRequest({ assignee: ken }));
    let sent: unknown = null;
    server.use(
      handlerFor(
        requestEndpoints.updateRequestAssignee,
        async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({ hasError: false, message: '', item: makeRequest({ assignee: taro }) });
        },
        { params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser() });
    expect(await app.findByText('担当者: Ken Sato', {}, slow)).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '担当者を変更' }));
    const dialog = await app.findByRole('dialog', { name: '担当者の変更' });
    expect(
      await within(dialog).findByText(
        'Ken Sato さんはこの案件を閲覧できなくなったため、この依頼を開けません。案件を閲覧できる人を選んでください。',
      ),
    ).toBeInTheDocument();
    const select = within(dialog).getByRole('combobox', { name: '担当者' });
    expect(select).toHaveValue('');
    expect(within(dialog).queryByRole('option', { name: /Ken Sato/ })).not.toBeInTheDocument();
    await app.user.selectOptions(select, taro.id);
    await app.user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(await app.findByText('担当者: Taro Suzuki')).toBeInTheDocument();
    expect(sent).toEqual({ assigneeUserId: taro.id });
    expect(app.missingKeys).toEqual([]);
  });

  it("offices read the client's contact person, a deleted matter only the assignee; neither may change it", async () => {
    serveRequest('patent', makeRequest({ client: { name: '株式会社サンプル技研', contact: hanako } }));
    const office = renderApp(`/requests/${projectId}/1/mails`, {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId }),
    });
    expect(await office.findByText('依頼者の担当者: Hanako Yamada', {}, slow)).toBeInTheDocument();
    expect(office.queryByRole('button', { name: '担当者を変更' })).not.toBeInTheDocument();
    office.unmount();

    serveRequest(
      'user',
      makeRequest({ assignee: null, project: { ...makeRequest().project, deleted: true } }),
    );
    const client = renderApp(`/requests/${projectId}/1/mails`, { apiUser: makeUser() });
    expect(await client.findByText('担当者: 担当者なし', {}, slow)).toBeInTheDocument();
    expect(client.queryByRole('button', { name: '担当者を変更' })).not.toBeInTheDocument();
  });
});
