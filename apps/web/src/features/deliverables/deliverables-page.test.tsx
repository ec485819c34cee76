import { deliverableEndpoints } from '@ipportal/domain';
import type { Deliverable, DeliverableListResponse } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const matterA = '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01';
const matterB = '4f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a02';
const firm = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: '山田特許事務所',
  nameEn: 'Yamada Patent Office',
};

function row(projectId: string, title: string, version = 1): Deliverable {
  return {
    id: crypto.randomUUID(),
    projectId,
    projectTitle: projectId === matterA ? '燃料電池用セパレータ' : '商標 IPPORTAL',
    projectRefrenceCode: projectId === matterA ? 'P-001' : 'T-002',
    requestNumber: 1,
    requestName: projectId === matterA ? '調査依頼' : '出願依頼',
    firm,
    title,
    version,
    contentType: 'application/pdf',
    sizeBytes: 4096,
    sha256: 'cd'.repeat(32),
    uploadedBy: { id: crypto.randomUUID(), name: '山田 一郎' },
    createDate: '2026-11-22T05:00:00.000Z',
  };
}

const facets: DeliverableListResponse['facets'] = {
  projects: [
    { id: matterA, title: '燃料電池用セパレータ', refrenceCode: 'P-001' },
    { id: matterB, title: '商標 IPPORTAL', refrenceCode: 'T-002' },
  ],
  requests: [
    { projectId: matterA, number: 1, name: '調査依頼' },
    { projectId: matterB, number: 1, name: '出願依頼' },
  ],
  firms: [firm],
};

beforeAll(async () => {
  await import('./deliverables-page');
}, 60_000);

describe('/deliverables', { timeout: 60_000 }, () => {
  it('lists every deliverable with its request, matter and office, and filters by matter and request through the API', async () => {
    const queries: URLSearchParams[] = [];
    const all = [
      row(matterA, 'search-report.pdf', 2),
      row(matterA, 'search-report.pdf'),
      row(matterB, 'filing.pdf'),
    ];
    server.use(
      handlerFor(
        deliverableEndpoints.listDeliverables,
        ({ request }) => {
          const params = new URL(request.url).searchParams;
          queries.push(params);
          const projectId = params.get('projectId');
          const items = all.filter((d) => !projectId || d.projectId === projectId);
          return HttpResponse.json({ hasError: false, message: '', items, total: items.length, facets });
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/deliverables', { apiUser: makeUser() });
    const table = await app.findByRole('table', { name: '成果物' }, slow);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: '出願依頼' })).toHaveAttribute(
      'href',
      `/requests/${matterB}/1/deliverables`,
    );
    expect(app.getByText('3 件')).toBeInTheDocument();
    expect(app.getByRole('combobox', { name: '依頼' })).toBeDisabled();

    await app.user.selectOptions(app.getByRole('combobox', { name: '案件' }), matterA);
    expect(await app.findByText('2 件', {}, slow)).toBeInTheDocument();
    expect(queries.at(-1)?.get('projectId')).toBe(matterA);
    expect(app.location()).toBe(`/deliverables?matter=${matterA}`);
    const requestSelect = app.getByRole('combobox', { name: '依頼' });
    expect(
      within(requestSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['すべて', 'No. 1 調査依頼']);
    await app.user.selectOptions(requestSelect, '1');
    await vi.waitFor(() => expect(queries.at(-1)?.get('requestNumber')).toBe('1'));
  });

  it('says so when there is nothing yet', async () => {
    server.use(
      handlerFor(
        deliverableEndpoints.listDeliverables,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: [],
            total: 0,
            facets: { projects: [], requests: [], firms: [] },
          }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/deliverables', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    expect(await app.findByText('No deliverables yet', {}, slow)).toBeInTheDocument();
  });
});
