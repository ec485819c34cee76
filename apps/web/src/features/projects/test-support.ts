import {
  deadlineEndpoints,
  projectDetailEndpoints,
  projectEndpoints,
  projectUserSpaceEndpoints,
} from '@ipportal/domain';
// Test data and MSW handlers for the matters tests (imported by *.test.tsx only).
import type {
  Project,
  ProjectDetail,
  ProjectListResponse,
  ProjectTabCounts,
  UserSpaceComment,
  UserSpaceFile,
} from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

let seq = 0;
export function makeProject(overrides: Partial<Project> = {}): Project {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${n}`,
    type: 0,
    refrenceCode: `P-${n.slice(-4)}`,
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
    updateDate: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    ...makeProject(),
    trademark: {
      imageFileId: null,
      searchText: null,
      designatedGoodsAndServices: null,
      classes: [],
      designatedGoodsClass: null,
      designatedServices: null,
    },
    application: {
      applicationCode: null,
      applicationDate: null,
      publicationCode: null,
      publicationDate: null,
      priorityPeriod: null,
      examRequestPeriod: null,
      examRequestDate: null,
      accessCode: null,
    },
    registration: {
      registCode: null,
      issueDate: null,
      officialPublicationDate: null,
      grantDecisionDate: null,
      registDate: null,
      claimsCount: null,
      durationExpiry: null,
      rightsStatus: null,
    },
    maintenance: {
      registrationFeePaymentDate: null,
      yearFrom: null,
      yearTo: null,
      nextPaymentDate: null,
      dueDate: null,
      paymentYear: null,
      paymentDate: null,
    },
    applicants: [],
    international: {
      applicationNumber: null,
      applicationDate: null,
      publicationNumber: null,
      publicationDate: null,
      nationalTransitionDeadline: null,
      article19AmendmentDeadline: null,
      preliminaryExamDeadline: null,
      searchReportTransmittalDate: null,
    },
    priorityClaims: [],
    settings: { allowRequestedOfficeEdit: false },
    ...overrides,
  };
}

export function countsOf(projects: readonly Project[]): ProjectTabCounts {
  const live = projects.filter((p) => p.deletedAt === null);
  return {
    all: live.length,
    patent: live.filter((p) => p.type === 0).length,
    utilityModel: live.filter((p) => p.type === 1).length,
    design: live.filter((p) => p.type === 3).length,
    trademark: live.filter((p) => p.type === 2).length,
    deleted: projects.length - live.length,
  };
}

export function listResponse(
  items: Project[],
  nextCursor: string | null,
  counts: ProjectTabCounts,
): ProjectListResponse {
  return { hasError: false, message: '', items, nextCursor, counts };
}

/**
 * GET /projects answering `projects` (tab filter applied; `pageSize` per page with a numeric
 * cursor, or the page's `limit` rows from `offset`). Returns the list of query strings it received.
 */
/** The matters of a tab, as the server filters them. */
function inTab(projects: readonly Project[], tab: string): Project[] {
  const types: Record<string, number> = { patent: 0, utilityModel: 1, trademark: 2, design: 3 };
  return projects.filter((p) =>
    tab === 'deleted'
      ? p.deletedAt !== null
      : p.deletedAt === null && (tab === 'all' || p.type === types[tab]),
  );
}

/**
 * The server's grouped order: families in code point order (JavaScript's string order for these
 * names), the matters without one last, the given order inside each.
 */
function byFamily(projects: readonly Project[]): Project[] {
  const rank = (p: Project) => (p.family === null ? 1 : 0);
  return projects
    .map((project, index) => ({ project, index }))
    .sort(
      (a, b) =>
        rank(a.project) - rank(b.project) ||
        (a.project.family === b.project.family ? 0 : a.project.family! < b.project.family! ? -1 : 1) ||
        a.index - b.index,
    )
    .map(({ project }) => project);
}

/**
 * Serves GET /projects from `projects` in the given order (by cursor or offset; with
 * `group=family` in the server's grouped order); answers the calls made.
 */
export function serveList(projects: Project[], pageSize = 100): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  server.use(
    handlerFor(
      projectEndpoints.listProjects,
      ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        const tabRows = inTab(projects, params.get('tab') ?? 'all');
        const rows = params.get('group') === 'family' ? byFamily(tabRows) : tabRows;
        const offset = params.get('offset');
        const start = Number(params.get('cursor') ?? 0) + Number(offset ?? 0);
        const end = start + (offset === null ? pageSize : Number(params.get('limit') ?? pageSize));
        return HttpResponse.json(
          listResponse(rows.slice(start, end), end < rows.length ? String(end) : null, countsOf(projects)),
        );
      },
      { namespace: 'user' },
    ),
  );
  return calls;
}

/** Serves GET /projects/families from `projects` (as `serveList` orders them); answers its calls. */
export function serveFamilyGroups(projects: Project[]): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  server.use(
    handlerFor(
      projectEndpoints.listProjectFamilyGroups,
      ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        const groups: { family: string | null; count: number }[] = [];
        for (const project of byFamily(inTab(projects, params.get('tab') ?? 'all'))) {
          const last = groups.at(-1);
          if (last && last.family === project.family) last.count += 1;
          else groups.push({ family: project.family, count: 1 });
        }
        return HttpResponse.json({ hasError: false, message: '', items: groups });
      },
      { namespace: 'user' },
    ),
  );
  return calls;
}

export function serveDetail(detail: ProjectDetail) {
  server.use(
    handlerFor(
      projectDetailEndpoints.getProject,
      () => HttpResponse.json({ hasError: false, message: '', item: detail }),
      { namespace: 'user', params: { projectId: detail.id } },
    ),
    // The client's deadline decisions for the matter (none stored in these tests).
    handlerFor(
      deadlineEndpoints.listDeadlines,
      () => HttpResponse.json({ hasError: false, message: '', items: [], nextCursor: null }),
      { namespace: 'user' },
    ),
  );
}

export function serveUserSpace(
  projectId: string,
  comments: UserSpaceComment[] = [],
  files: UserSpaceFile[] = [],
) {
  server.use(
    handlerFor(
      projectUserSpaceEndpoints.listUserSpaceComments,
      () => HttpResponse.json({ hasError: false, message: '', items: comments }),
      { params: { projectId } },
    ),
    handlerFor(
      projectUserSpaceEndpoints.listUserSpaceFiles,
      () => HttpResponse.json({ hasError: false, message: '', items: files }),
      { params: { projectId } },
    ),
  );
}

/**
 * Warms up a test file: loads the lazily imported modules of the matters page and renders the app
 * once (the first render in a worker takes seconds). Call in `beforeAll` with a long timeout.
 */
export async function warmUp(): Promise<void> {
  await Promise.all([import('./projects-page'), import('../../i18n/domain-resources')]);
  serveList([]);
  const app = renderApp('/projects', { apiUser: makeUser() });
  await app.findByText('案件が登録されていません', {}, { timeout: 30_000 });
  app.unmount();
  server.resetHandlers();
}

/** jsdom has no layout: give elements a size so the virtual table renders rows (call in `beforeEach`). */
export function giveElementsASize(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
}
