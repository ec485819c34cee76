import {
  projectDetailEndpoints,
  projectEndpoints,
  projectListMaxLimit,
  projectUserSpaceEndpoints,
} from '@ipportal/domain';
import type {
  CreateProjectBody,
  ItemEnvelope,
  ItemsEnvelope,
  Project,
  ProjectDetail,
  ProjectFamilyGroup,
  ProjectListGroup,
  ProjectListResponse,
  RenameProjectFamilyBody,
  UpdateProjectBody,
  UpdateProjectDetailBody,
  UserSpaceComment,
  UserSpaceFile,
} from '@ipportal/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import { findInList, listUpdates, projectListArgs } from './list-cache.js';
import type { ProjectListArgs, ProjectListPages } from './list-cache.js';

/**
 * The tag of the pages a viewport fetches by position (`listProjectsWindow`) and of the family
 * groups that place a grouped view's headers (`listProjectFamilyGroups`). A change to any matter
 * moves rows between positions and groups, so these are not patched in place like the cursor
 * lists: they are invalidated (the ones on screen are fetched again, the others dropped).
 */
export const projectListWindowTag = 'ProjectListWindow' as const;

/** Rows per page of the viewport list (`listProjectsWindow`); offsets are multiples of it. */
export const projectWindowPageSize = 100;

/** A list view as the viewport pages it: its filters and sort, and its grouping if any. */
export type ProjectWindowView = ProjectListArgs & { group?: ProjectListGroup };

/** One page of a list view at a position. */
export type ProjectListWindowArgs = ProjectWindowView & { offset: number; limit: number };

/** The filters of a view whose family groups are asked for (its sort does not change them). */
export type ProjectFamilyGroupsArgs = Pick<ProjectListArgs, 'tab' | 'status' | 'q' | 'family'>;

/** Where a list page starts and how many rows it asks for. */
export interface ProjectPageParam {
  cursor: string | null;
  limit: number;
}

/**
 * The first page is small so the first rows show at once; the following pages are as large as
 * the server allows so 10,000 matters arrive in 20 calls.
 */
export const firstProjectPageLimit = 100;

/** A matter's PATCH: the list-level fields and/or one detail group. */
export type UpdateProjectArgs = { id: string; body: UpdateProjectBody & UpdateProjectDetailBody };

/** What deleting a matter answers. */
export interface DeletedProject {
  id: string;
  deletedAt: string;
}

/** The list-level fields of a matter, from a list row or a detail. */
export function projectOf(item: Project | ProjectDetail): Project {
  return {
    id: item.id,
    type: item.type,
    refrenceCode: item.refrenceCode,
    regionCode: item.regionCode,
    title: item.title,
    status: item.status,
    name: item.name,
    applicationCode: item.applicationCode,
    applicationDate: item.applicationDate,
    publicationCode: item.publicationCode,
    registCode: item.registCode,
    registDate: item.registDate,
    requestCount: item.requestCount,
    concierge: item.concierge,
    family: item.family,
    deletedAt: item.deletedAt,
    createDate: item.createDate,
    updateDate: item.updateDate,
  };
}

export function isProjectDetail(item: Project | ProjectDetail): item is ProjectDetail {
  return 'application' in item && 'registration' in item;
}

/**
 * Matters: the list (cursor pages), the detail, create, update, duplicate, soft delete, the
 * family name, and the user space's comments and files. After each server success the
 * cached lists are updated in place (add, replace by id, remove by id), never refetched whole.
 */
export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The matter list, page after page (`fetchNextPage` until `hasNextPage` is false). */
    listProjects: build.infiniteQuery<ProjectListResponse, ProjectListArgs, ProjectPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { cursor: null, limit: firstProjectPageLimit },
        getNextPageParam: (lastPage) =>
          lastPage.nextCursor ? { cursor: lastPage.nextCursor, limit: projectListMaxLimit } : undefined,
      },
      query: ({ queryArg, pageParam }) =>
        apiRequest(projectEndpoints.listProjects, {
          query: { ...queryArg, cursor: pageParam.cursor ?? undefined, limit: pageParam.limit },
        }),
    }),

    /**
     * One page of a list view at a position (`offset` rows in): the viewport list fetches the
     * pages it shows, wherever the user scrolls, and never the ones in between.
     */
    listProjectsWindow: build.query<ProjectListResponse, ProjectListWindowArgs>({
      query: (args) => apiRequest(projectEndpoints.listProjects, { query: { ...args } }),
      providesTags: [projectListWindowTag],
      // Pages scrolled past leave the cache soon: 100,000 rows are 1,000 pages.
      keepUnusedDataFor: 30,
    }),

    /**
     * The family groups of a view with their sizes, in the order of its `group: 'family'` pages:
     * a grouped viewport puts each group's header at its offset without the rows before it.
     */
    listProjectFamilyGroups: build.query<ProjectFamilyGroup[], ProjectFamilyGroupsArgs>({
      query: (args) => apiRequest(projectEndpoints.listProjectFamilyGroups, { query: { ...args } }),
      transformResponse: (response: ItemsEnvelope<ProjectFamilyGroup>) => response.items,
      providesTags: [projectListWindowTag],
      keepUnusedDataFor: 30,
    }),

    /** One page of the matter list (e.g. the other matters of a family). */
    listProjectsPage: build.query<ProjectListResponse, ProjectListArgs & { limit?: number }>({
      query: (args) => apiRequest(projectEndpoints.listProjects, { query: { ...args } }),
    }),

    getProject: build.query<ProjectDetail, string>({
      query: (id) => apiRequest(projectDetailEndpoints.getProject, { params: { projectId: id } }),
      transformResponse: (response: ItemEnvelope<ProjectDetail>) => response.item,
    }),

    createProject: build.mutation<Project, CreateProjectBody>({
      query: (body) => apiRequest(projectEndpoints.createProject, { body }),
      transformResponse: (response: ItemEnvelope<Project>) => response.item,
      async onQueryStarted(_body, lifecycle) {
        const project = await dataOf(lifecycle.queryFulfilled);
        if (project) updateEveryList(lifecycle, (list, args) => listUpdates.add(list, project, args));
      },
    }),

    updateProject: build.mutation<Project | ProjectDetail, UpdateProjectArgs>({
      query: ({ id, body }) =>
        apiRequest(projectDetailEndpoints.updateProject, { params: { projectId: id }, body }),
      transformResponse: (response: ItemEnvelope<Project | ProjectDetail>) => response.item,
      async onQueryStarted({ id, body }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const item = await dataOf(queryFulfilled);
        if (!item) return;
        const project = projectOf(item);
        const previous = cachedProject(lifecycle, id);
        updateEveryList(lifecycle, (list, args) => listUpdates.replace(list, project, args, previous));
        if (isProjectDetail(item)) {
          await dispatch(projectsApi.util.upsertQueryData('getProject', id, item));
        } else {
          dispatch(
            projectsApi.util.updateQueryData('getProject', id, (draft) => {
              Object.assign(draft, project);
            }),
          );
          // The server answered only the list-level fields: read the changed group again.
          const listLevelOnly = Object.keys(body).every((key) => !detailGroupKeys.has(key));
          if (!listLevelOnly) {
            void dispatch(
              projectsApi.endpoints.getProject.initiate(id, { subscribe: false, forceRefetch: true }),
            );
          }
        }
      },
    }),

    /** Soft delete: the matter moves to the deleted tab and becomes read-only. */
    deleteProject: build.mutation<DeletedProject, string>({
      query: (id) => apiRequest(projectEndpoints.deleteProject, { params: { projectId: id } }),
      transformResponse: (response: ItemEnvelope<DeletedProject>) => response.item,
      async onQueryStarted(id, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const deleted = await dataOf(queryFulfilled);
        if (!deleted) return;
        const previous = cachedProject(lifecycle, id);
        if (previous) {
          const moved: Project = { ...previous, deletedAt: deleted.deletedAt };
          updateEveryList(lifecycle, (list, args) => listUpdates.softDelete(list, moved, args, previous));
        } else {
          updateEveryList(lifecycle, (list, args) => listUpdates.remove(list, id, args));
        }
        dispatch(
          projectsApi.util.updateQueryData('getProject', id, (draft) => {
            draft.deletedAt = deleted.deletedAt;
          }),
        );
      },
    }),

    /** Duplicates a matter: answers the new matter. */
    duplicateProject: build.mutation<Project, string>({
      query: (id) => apiRequest(projectDetailEndpoints.duplicateProject, { params: { projectId: id } }),
      transformResponse: (response: ItemEnvelope<Project>) => response.item,
      async onQueryStarted(_id, lifecycle) {
        const project = await dataOf(lifecycle.queryFulfilled);
        if (project) updateEveryList(lifecycle, (list, args) => listUpdates.add(list, project, args));
      },
    }),

    listUserSpaceComments: build.query<UserSpaceComment[], string>({
      query: (projectId) =>
        apiRequest(projectUserSpaceEndpoints.listUserSpaceComments, { params: { projectId } }),
      transformResponse: (response: ItemsEnvelope<UserSpaceComment>) => response.items,
    }),

    addUserSpaceComment: build.mutation<UserSpaceComment, { projectId: string; body: string }>({
      query: ({ projectId, body }) =>
        apiRequest(projectUserSpaceEndpoints.addUserSpaceComment, {
          params: { projectId },
          body: { body },
        }),
      transformResponse: (response: ItemEnvelope<UserSpaceComment>) => response.item,
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        const comment = await dataOf(queryFulfilled);
        if (!comment) return;
        dispatch(
          projectsApi.util.updateQueryData('listUserSpaceComments', projectId, (draft) => {
            if (!draft.some((c) => c.id === comment.id)) draft.push(comment);
          }),
        );
      },
    }),

    updateUserSpaceComment: build.mutation<
      UserSpaceComment,
      { projectId: string; commentId: string; body: string }
    >({
      query: ({ projectId, commentId, body }) =>
        apiRequest(projectUserSpaceEndpoints.updateUserSpaceComment, {
          params: { projectId, commentId },
          body: { body },
        }),
      transformResponse: (response: ItemEnvelope<UserSpaceComment>) => response.item,
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        const comment = await dataOf(queryFulfilled);
        if (!comment) return;
        dispatch(
          projectsApi.util.updateQueryData('listUserSpaceComments', projectId, (draft) =>
            draft.map((c) => (c.id === comment.id ? comment : c)),
          ),
        );
      },
    }),

    deleteUserSpaceComment: build.mutation<{ id: string }, { projectId: string; commentId: string }>({
      query: ({ projectId, commentId }) =>
        apiRequest(projectUserSpaceEndpoints.deleteUserSpaceComment, {
          params: { projectId, commentId },
        }),
      transformResponse: (response: ItemEnvelope<{ id: string }>) => response.item,
      async onQueryStarted({ projectId, commentId }, { dispatch, queryFulfilled }) {
        const done = await dataOf(queryFulfilled);
        if (!done) return;
        dispatch(
          projectsApi.util.updateQueryData('listUserSpaceComments', projectId, (draft) =>
            draft.filter((c) => c.id !== commentId),
          ),
        );
      },
    }),

    /**
     * This matter's family name, or (allOfFamily) its whole family's.
     * Every changed matter is replaced by id in the cached lists and details.
     */
    renameProjectFamily: build.mutation<Project[], { id: string; body: RenameProjectFamilyBody }>({
      query: ({ id, body }) =>
        apiRequest(projectEndpoints.renameProjectFamily, { params: { projectId: id }, body }),
      transformResponse: (response: ItemsEnvelope<Project>) => response.items,
      async onQueryStarted(_args, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const changed = await dataOf(queryFulfilled);
        if (!changed) return;
        for (const project of changed) {
          const previous = cachedProject(lifecycle, project.id);
          updateEveryList(lifecycle, (list, args) => listUpdates.replace(list, project, args, previous));
          dispatch(
            projectsApi.util.updateQueryData('getProject', project.id, (draft) => {
              Object.assign(draft, project);
            }),
          );
        }
      },
    }),

    listUserSpaceFiles: build.query<UserSpaceFile[], string>({
      query: (projectId) =>
        apiRequest(projectUserSpaceEndpoints.listUserSpaceFiles, { params: { projectId } }),
      transformResponse: (response: ItemsEnvelope<UserSpaceFile>) => response.items,
    }),

    deleteUserSpaceFile: build.mutation<{ id: string }, { projectId: string; fileId: string }>({
      query: ({ projectId, fileId }) =>
        apiRequest(projectUserSpaceEndpoints.deleteUserSpaceFile, { params: { projectId, fileId } }),
      transformResponse: (response: ItemEnvelope<{ id: string }>) => response.item,
      async onQueryStarted({ projectId, fileId }, { dispatch, queryFulfilled }) {
        const done = await dataOf(queryFulfilled);
        if (!done) return;
        dispatch(
          projectsApi.util.updateQueryData('listUserSpaceFiles', projectId, (draft) =>
            draft.filter((file) => file.id !== fileId),
          ),
        );
      },
    }),
  }),
});

const detailGroupKeys = new Set([
  'trademark',
  'application',
  'registration',
  'maintenance',
  'applicants',
  'international',
  'priorityClaims',
  'settings',
]);

async function dataOf<T>(fulfilled: Promise<{ data: T }>): Promise<T | undefined> {
  try {
    return (await fulfilled).data;
  } catch {
    // The mutation's own error state reports the failure; the caches stay as they are.
    return undefined;
  }
}

/** What the cache helpers use of a mutation's lifecycle (or a thunk's arguments). */
export interface CacheAccess {
  dispatch: AnyDispatch;
  getState: () => unknown;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as RTK Query's own thunks are typed
type AnyDispatch = ThunkDispatch<any, any, UnknownAction>;
type ApiState = Parameters<typeof projectsApi.util.selectCachedArgsForQuery>[0];

/**
 * Applies `update` to every cached matter list (the paged lists and the single pages), and
 * invalidates the pages fetched by position.
 */
export function updateEveryList(
  { dispatch, getState }: CacheAccess,
  update: (list: ProjectListPages, args: ProjectListArgs) => void,
): void {
  const state = getState() as ApiState;
  dispatch(projectsApi.util.invalidateTags([projectListWindowTag]));
  for (const args of projectsApi.util.selectCachedArgsForQuery(state, 'listProjects')) {
    dispatch(projectsApi.util.updateQueryData('listProjects', args, (draft) => update(draft, args)));
  }
  for (const args of projectsApi.util.selectCachedArgsForQuery(state, 'listProjectsPage')) {
    const listArgs = projectListArgs(args);
    dispatch(
      projectsApi.util.updateQueryData('listProjectsPage', args, (draft) =>
        update({ pages: [draft] }, listArgs),
      ),
    );
  }
}

/** The matter as the caches know it before a change (for the per-tab counts). */
export function cachedProject({ getState }: CacheAccess, id: string): Project | undefined {
  const state = getState() as ApiState;
  const detail = projectsApi.endpoints.getProject.select(id)(state).data;
  if (detail) return projectOf(detail);
  for (const args of projectsApi.util.selectCachedArgsForQuery(state, 'listProjects')) {
    const data = projectsApi.endpoints.listProjects.select(args)(state).data;
    const found = data ? findInList(data, id) : undefined;
    if (found) return found;
  }
  for (const args of projectsApi.util.selectCachedArgsForQuery(state, 'listProjectsPage')) {
    const data = projectsApi.endpoints.listProjectsPage.select(args)(state).data;
    const found = data ? findInList({ pages: [data] }, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

export const {
  useListProjectsInfiniteQuery,
  useListProjectsPageQuery,
  useListProjectsWindowQuery,
  useListProjectFamilyGroupsQuery,
  useGetProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useDuplicateProjectMutation,
  useListUserSpaceCommentsQuery,
  useAddUserSpaceCommentMutation,
  useUpdateUserSpaceCommentMutation,
  useDeleteUserSpaceCommentMutation,
  useRenameProjectFamilyMutation,
  useListUserSpaceFilesQuery,
  useDeleteUserSpaceFileMutation,
} = projectsApi;
