export {
  allProjectTabs,
  compareProjects,
  findInList,
  listUpdates,
  matchesCommonFilters,
  matchesList,
  projectListArgs,
  tabsOf,
} from './list-cache.js';
export type { ProjectListArgs, ProjectListPages } from './list-cache.js';
export {
  firstProjectPageLimit,
  projectListWindowTag,
  projectWindowPageSize,
  isProjectDetail,
  projectOf,
  projectsApi,
  useAddUserSpaceCommentMutation,
  useCreateProjectMutation,
  useDeleteProjectMutation,
  useDeleteUserSpaceCommentMutation,
  useDeleteUserSpaceFileMutation,
  useDuplicateProjectMutation,
  useGetProjectQuery,
  useListProjectsInfiniteQuery,
  useListProjectsPageQuery,
  useListProjectsWindowQuery,
  useListProjectFamilyGroupsQuery,
  useListUserSpaceCommentsQuery,
  useListUserSpaceFilesQuery,
  useRenameProjectFamilyMutation,
  useUpdateProjectMutation,
  useUpdateUserSpaceCommentMutation,
} from './projects-api.js';
export type {
  DeletedProject,
  ProjectFamilyGroupsArgs,
  ProjectListWindowArgs,
  ProjectWindowView,
  ProjectPageParam,
  UpdateProjectArgs,
} from './projects-api.js';
export { fetchProjectBlob, projectBinaryPaths, uploadTrademarkImage, uploadUserSpaceFile } from './binary.js';
export { streamProjectsCsv } from './csv-export.js';
export type { CsvProgress, StreamProjectsCsvOptions } from './csv-export.js';
export type { BinaryResult } from './binary.js';
export { selectCachedBreadcrumbNames } from './cached-matter-reference.js';
