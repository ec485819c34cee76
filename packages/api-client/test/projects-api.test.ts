import {
  projectDetailEndpoints,
  projectEndpoints,
  projectUserSpaceEndpoints,
  requestEndpoints,
} from '@ipportal/domain';
import type { Project, ProjectListResponse, ProjectTabCounts } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeTestStore } from './test-store.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  compareProjects,
  listUpdates,
  matchesList,
  projectListArgs,
  projectsApi,
  requestsApi,
  uploadUserSpaceFile,
} from '../src/index.js';
import type { ProjectListArgs } from '../src/index.js';
import { handlerFor } from './handler-for.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let seq = 0;
function matter(overrides: Partial<Project> = {}): Project {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${n}`,
    type: 0,
    refrenceCode: `REF-${n}`,
    regionCode: 1,
    title: `Matter ${seq}`,
    status: 0,
    name: null,
    applicationCode: null,
    applicationDate: null,
    publicationCode: null,
    registCode: null,
    registDate: null,
    requestCount: 0,
    concierge: 'notUsed',
    family: null,
    deletedAt: null,
    createDate: '2026-01-01T00:00:00.000Z',
    updateDate: `2026-01-01T00:00:${String(seq % 60).padStart(2, '0')}.000Z`,
    ...overrides,
  };
}

function counts(partial: Partial<ProjectTabCounts> = {}): ProjectTabCounts {
  return { all: 0, patent: 0, utilityModel: 0, design: 0, trademark: 0, deleted: 0, ...partial };
}

function page(items: Project[], nextCursor: string | null, c: ProjectTabCounts): ProjectListResponse {
  return { hasError: false, message: '', items, nextCursor, counts: c };
}

describe('listProjects (infinite)', () => {
  it('asks for a small first page, then full pages with the cursor, with the list filters', async () => {
    const calls: URLSearchParams[] = [];
    const first = [matter(), matter()];
    const second = [matter()];
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        ({ request }) => {
          const params = new URL(request.url).searchParams;
          calls.push(params);
          return HttpResponse.json(
            params.get('cursor')
              ? page(second, null, counts({ all: 3 }))
              : page(first, 'c1', counts({ all: 3 })),
          );
        },
        { namespace: 'user' },
      ),
    );
    const store = makeTestStore();
    const args = projectListArgs({ tab: 'all', status: '1', q: '  電池 ' });
    await store.dispatch(projectsApi.endpoints.listProjects.initiate(args));
    await store.dispatch(projectsApi.endpoints.listProjects.initiate(args, { direction: 'forward' }));
    const data = projectsApi.endpoints.listProjects.select(args)(store.getState()).data;
    expect(data?.pages.flatMap((p) => p.items).map((p) => p.id)).toEqual(
      [...first, ...second].map((p) => p.id),
    );
    expect(calls[0]!.get('limit')).toBe('100');
    expect(calls[0]!.get('q')).toBe('電池');
    expect(calls[0]!.get('status')).toBe('1');
    expect(calls[0]!.has('cursor')).toBe(false);
    expect(calls[1]!.get('cursor')).toBe('c1');
    expect(calls[1]!.get('limit')).toBe('500');
  });
});

describe('cache updates after mutations', () => {
  async function seeded(listed: Project[], c: ProjectTabCounts, args: ProjectListArgs = projectListArgs()) {
    server.use(
      handlerFor(projectEndpoints.listProjects, () => HttpResponse.json(page(listed, null, c)), {
        namespace: 'user',
      }),
    );
    const store = makeTestStore();
    await store.dispatch(projectsApi.endpoints.listProjects.initiate(args));
    const rows = () =>
      projectsApi.endpoints.listProjects
        .select(args)(store.getState())
        .data!.pages.flatMap((p) => p.items);
    const tabCounts = () =>
      projectsApi.endpoints.listProjects.select(args)(store.getState()).data!.pages[0]!.counts;
    return { store, rows, tabCounts };
  }

  it('create adds the new matter at the top of the newest-first list and counts it', async () => {
    const older = matter({ updateDate: '2025-01-01T00:00:00.000Z' });
    const { store, rows, tabCounts } = await seeded([older], counts({ all: 1, patent: 1 }));
    const created = matter({ type: 2, updateDate: '2026-05-01T00:00:00.000Z' });
    let listCalls = 0;
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () => {
          listCalls += 1;
          return HttpResponse.json(page([], null, counts()));
        },
        { namespace: 'user' },
      ),
      handlerFor(projectEndpoints.createProject, () =>
        HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 }),
      ),
    );
    await store.dispatch(
      projectsApi.endpoints.createProject.initiate({ type: 2, refrenceCode: 'X', regionCode: 1, title: 'T' }),
    );
    expect(rows().map((p) => p.id)).toEqual([created.id, older.id]);
    expect(tabCounts()).toMatchObject({ all: 2, patent: 1, trademark: 1 });
    expect(listCalls).toBe(0);
  });

  it('update replaces the row by id and keeps its place; a failure changes nothing', async () => {
    const a = matter({ updateDate: '2026-03-01T00:00:00.000Z' });
    const b = matter({ updateDate: '2026-02-01T00:00:00.000Z' });
    const c = matter({ updateDate: '2026-01-01T00:00:00.000Z' });
    const args = projectListArgs({ sort: 'refrenceCode', order: 'asc' });
    const { store, rows } = await seeded([a, b, c], counts({ all: 3, patent: 3 }), args);
    const renamed = { ...b, title: 'Renamed', updateDate: '2026-06-01T00:00:00.000Z' };
    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        () => HttpResponse.json({ hasError: false, message: '', item: renamed }),
        { namespace: 'user', params: { projectId: b.id } },
      ),
    );
    await store.dispatch(
      projectsApi.endpoints.updateProject.initiate({ id: b.id, body: { title: 'Renamed' } }),
    );
    expect(rows().map((p) => p.title)).toEqual([a.title, 'Renamed', c.title]);

    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        () => HttpResponse.json({ hasError: true, message: 'nope' }, { status: 409 }),
        { namespace: 'user', params: { projectId: b.id } },
      ),
    );
    const failed = await store.dispatch(
      projectsApi.endpoints.updateProject.initiate({ id: b.id, body: { title: 'Again' } }),
    );
    expect(failed.error).toMatchObject({
      status: 409,
      serverMessage: 'nope',
      messageKey: 'apiError.projectUpdateFailed',
    });
    expect(rows().map((p) => p.title)).toEqual([a.title, 'Renamed', c.title]);
  });

  it('update that changes the type moves the matter between type tabs', async () => {
    const a = matter({ type: 0 });
    const args = projectListArgs({ tab: 'patent' });
    const { store, rows, tabCounts } = await seeded([a], counts({ all: 1, patent: 1 }), args);
    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        () => HttpResponse.json({ hasError: false, message: '', item: { ...a, type: 2 } }),
        { namespace: 'user', params: { projectId: a.id } },
      ),
    );
    await store.dispatch(projectsApi.endpoints.updateProject.initiate({ id: a.id, body: { type: 2 } }));
    expect(rows()).toEqual([]);
    expect(tabCounts()).toMatchObject({ all: 1, patent: 0, trademark: 1 });
  });

  it('delete moves the matter from the live lists to the deleted tab', async () => {
    const a = matter();
    const b = matter();
    const live = projectListArgs();
    const deletedTab = projectListArgs({ tab: 'deleted' });
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        ({ request }) =>
          HttpResponse.json(
            new URL(request.url).searchParams.get('tab') === 'deleted'
              ? page([], null, counts({ all: 2, patent: 2 }))
              : page([a, b], null, counts({ all: 2, patent: 2 })),
          ),
        { namespace: 'user' },
      ),
      handlerFor(
        projectEndpoints.deleteProject,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            item: { id: a.id, deletedAt: '2026-07-01T00:00:00.000Z' },
          }),
        { params: { projectId: a.id } },
      ),
    );
    const store = makeTestStore();
    await store.dispatch(projectsApi.endpoints.listProjects.initiate(live));
    await store.dispatch(projectsApi.endpoints.listProjects.initiate(deletedTab));
    await store.dispatch(projectsApi.endpoints.deleteProject.initiate(a.id));
    const data = (args: ProjectListArgs) =>
      projectsApi.endpoints.listProjects.select(args)(store.getState()).data!;
    expect(data(live).pages[0]!.items.map((p) => p.id)).toEqual([b.id]);
    expect(data(live).pages[0]!.counts).toMatchObject({ all: 1, patent: 1, deleted: 1 });
    expect(data(deletedTab).pages[0]!.items).toEqual([{ ...a, deletedAt: '2026-07-01T00:00:00.000Z' }]);
  });

  it('duplicate adds the copy; the detail cache takes a detail answer whole', async () => {
    const a = matter();
    const { store, rows } = await seeded([a], counts({ all: 1, patent: 1 }));
    const copy = matter({ refrenceCode: `${a.refrenceCode}-copy`, updateDate: '2027-01-01T00:00:00.000Z' });
    server.use(
      handlerFor(
        projectDetailEndpoints.duplicateProject,
        () => HttpResponse.json({ hasError: false, message: '', item: copy }, { status: 201 }),
        { params: { projectId: a.id } },
      ),
    );
    await store.dispatch(projectsApi.endpoints.duplicateProject.initiate(a.id));
    expect(rows().map((p) => p.id)).toEqual([copy.id, a.id]);
  });

  it('a new request counts on its matter in every cached list, and moves it in a list sorted by count', async () => {
    const a = matter({ requestCount: 1 });
    const b = matter({ requestCount: 1 });
    const byCount = projectListArgs({ sort: 'requestCount', order: 'asc' });
    const { store, rows } = await seeded([a, b], counts({ all: 2, patent: 2 }), byCount);
    server.use(
      handlerFor(
        requestEndpoints.createRequest,
        () =>
          HttpResponse.json(
            { hasError: false, message: '', item: { projectId: a.id, requestId: 2 } },
            { status: 201 },
          ),
        { params: { projectId: a.id } },
      ),
    );
    await store.dispatch(
      requestsApi.endpoints.createRequest.initiate({
        projectId: a.id,
        body: {} as Parameters<typeof requestsApi.endpoints.createRequest.initiate>[0]['body'],
      }),
    );
    expect(rows().map((p) => [p.id, p.requestCount])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
  });
});

describe('list cache helpers', () => {
  it('match the server filters: tab, status, family and the search text', () => {
    const p = matter({ type: 2, status: 1, family: 'FAM-1', title: 'リチウム電池' });
    expect(matchesList(p, projectListArgs({ tab: 'trademark' }))).toBe(true);
    expect(matchesList(p, projectListArgs({ tab: 'patent' }))).toBe(false);
    expect(matchesList(p, projectListArgs({ status: '2' }))).toBe(false);
    expect(matchesList(p, projectListArgs({ family: 'FAM-2' }))).toBe(false);
    expect(matchesList(p, projectListArgs({ q: '電池' }))).toBe(true);
    expect(matchesList(p, projectListArgs({ q: 'fam-1' }))).toBe(true);
    expect(
      matchesList({ ...p, deletedAt: '2026-01-01T00:00:00.000Z' }, projectListArgs({ tab: 'deleted' })),
    ).toBe(true);
  });

  it('order by key then id, empty numbers and dates first when ascending', () => {
    const a = matter({ applicationDate: null });
    const b = matter({ applicationDate: '2020-01-01' });
    expect(compareProjects(a, b, 'applicationDate', 'asc')).toBeLessThan(0);
    expect(compareProjects(a, b, 'applicationDate', 'desc')).toBeGreaterThan(0);
  });

  it('leave a row that sorts after the loaded rows to the pages still to come', () => {
    const loaded = { pages: [page([matter({ refrenceCode: 'A' })], 'more', counts({ all: 1, patent: 1 }))] };
    const args = projectListArgs({ sort: 'refrenceCode', order: 'asc' });
    listUpdates.add(loaded, matter({ refrenceCode: 'Z' }), args);
    expect(loaded.pages[0]!.items.map((p) => p.refrenceCode)).toEqual(['A']);
    expect(loaded.pages[0]!.counts.all).toBe(2);
  });
});

describe('uploadUserSpaceFile', () => {
  it('posts multipart with the bearer token and adds the file to the cached list', async () => {
    const projectId = matter().id;
    const uploaded = {
      id: '10000000-0000-4000-8000-000000000001',
      projectId,
      name: '明細書.pdf',
      contentType: 'application/pdf',
      sizeBytes: 4,
      createdBy: '20000000-0000-4000-8000-000000000001',
      createdByName: 'Hanako',
      createDate: '2026-01-01T00:00:00.000Z',
    };
    let received: { auth: string | null; name: string | null } = { auth: null, name: null };
    server.use(
      handlerFor(
        projectUserSpaceEndpoints.listUserSpaceFiles,
        () => HttpResponse.json({ hasError: false, message: '', items: [] }),
        { params: { projectId } },
      ),
      handlerFor(
        projectUserSpaceEndpoints.uploadUserSpaceFile,
        async ({ request }) => {
          const form = await request.formData();
          const file = form.get('file');
          received = {
            auth: request.headers.get('authorization'),
            name: file instanceof File ? file.name : null,
          };
          return HttpResponse.json({ hasError: false, message: '', item: uploaded }, { status: 201 });
        },
        { params: { projectId } },
      ),
    );
    const store = makeTestStore();
    await store.dispatch(projectsApi.endpoints.listUserSpaceFiles.initiate(projectId));
    const result = await store.dispatch(
      uploadUserSpaceFile(projectId, new File(['%PDF'], '明細書.pdf', { type: 'application/pdf' })),
    );
    expect(result).toEqual({ data: uploaded });
    expect(received).toEqual({ auth: 'Bearer id-token-1', name: '明細書.pdf' });
    expect(projectsApi.endpoints.listUserSpaceFiles.select(projectId)(store.getState()).data).toEqual([
      uploaded,
    ]);
  });

  it('answers the server message when the upload is refused', async () => {
    const projectId = matter().id;
    server.use(
      handlerFor(
        projectUserSpaceEndpoints.uploadUserSpaceFile,
        () => HttpResponse.json({ hasError: true, message: 'too large' }, { status: 413 }),
        { params: { projectId } },
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(uploadUserSpaceFile(projectId, new File(['x'], 'a.txt')));
    expect(result).toEqual({ error: { status: 413, messageKey: null, serverMessage: 'too large' } });
  });
});
