import { projectEndpoints } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { patentSession } from '../../../../test/fake-auth-port';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { countsOf, giveElementsASize, listResponse, makeProject, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

describe('Create Matter for firms (PATENT users)', { timeout: 60_000 }, () => {
  it('is offered nowhere: not in the sidebar, the drawer or the matter list', async () => {
    const matter = makeProject({ title: '依頼された案件' });
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () => HttpResponse.json(listResponse([matter], null, countsOf([matter]))),
        { namespace: 'patent' },
      ),
    );
    const firm = renderApp('/projects', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT' }),
    });
    expect(await firm.findByText('依頼された案件', {}, { timeout: 20_000 })).toBeInTheDocument();
    // The sidebar is loaded after the page (lazy): wait for it.
    const nav = within(await firm.findByRole('navigation', { name: 'メインメニュー' }, { timeout: 20_000 }));
    expect(nav.getByRole('link', { name: '案件管理' })).toBeInTheDocument();
    // Neither the sidebar's button, the drawer's entry nor any other control creates a matter.
    expect(firm.queryByRole('button', { name: '案件作成' })).toBeNull();
    expect(firm.queryByRole('link', { name: '案件作成' })).toBeNull();
    expect(firm.queryByText('案件作成')).toBeNull();
    expect(firm.queryByRole('dialog')).toBeNull();
  });

  it('is offered to REGULAR users', async () => {
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () => HttpResponse.json(listResponse([], null, countsOf([]))),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/projects', { apiUser: makeUser() });
    expect(await app.findByRole('button', { name: '案件作成' }, { timeout: 20_000 })).toBeInTheDocument();
  });
});
