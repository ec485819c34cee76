import { z } from 'zod';
import { caseTypes, conciergeStates, progressStatuses, projectTabs } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import {
  idSchema,
  isoDateSchema,
  optionalCode,
  optionalText,
  regionCodeSchema,
  requiredCode,
  requiredText,
} from '../validation/primitives.js';
import { createMatterSchema } from '../validation/schemas.js';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { binaryResponse, endpoint } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';

const caseTypeSchema = z.union(
  caseTypes.values.map((v) => z.literal(v)),
  { error: ValidationMessage.invalidCaseType },
);
const progressStatusSchema = z.union(
  progressStatuses.values.map((v) => z.literal(v)),
  { error: ValidationMessage.invalidProgressStatus },
);

/**
 * A matter as lists and the detail header show it. The field name `refrenceCode` is misspelled
 * on purpose: the existing clients and data use it, so it stays.
 */
export const projectSchema = z.object({
  id: z.uuid(),
  type: caseTypeSchema,
  refrenceCode: z.string(),
  regionCode: z.number().int(),
  title: z.string(),
  status: progressStatusSchema,
  /** Invention name (patent) or device name (utility model). */
  name: z.string().nullable(),
  applicationCode: z.string().nullable(),
  applicationDate: isoDateSchema.nullable(),
  publicationCode: z.string().nullable(),
  registCode: z.string().nullable(),
  registDate: isoDateSchema.nullable(),
  requestCount: z.number().int().nonnegative(),
  concierge: z.enum(conciergeStates.values),
  family: z.string().nullable(),
  /** When the matter was soft-deleted; deleted matters are read-only and listed on the deleted tab. */
  deletedAt: z.iso.datetime().nullable(),
  createDate: z.iso.datetime(),
  updateDate: z.iso.datetime(),
});
export type Project = z.infer<typeof projectSchema>;

/** The Create Matter payload. */
export const createProjectBodySchema = createMatterSchema;
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

/**
 * Any of the list-level fields of a matter; the detail groups extend this (patchProjectBodySchema).
 * Codes and numbers are normalized from full-width input (`requiredCode`, `optionalCode`).
 */
export const updateProjectBodySchema = z
  .strictObject({
    type: caseTypeSchema,
    refrenceCode: requiredCode(50),
    regionCode: regionCodeSchema,
    title: requiredText(200),
    status: progressStatusSchema,
    name: optionalText(500),
    applicationCode: optionalCode(50),
    applicationDate: isoDateSchema.nullable(),
    publicationCode: optionalCode(50),
    registCode: optionalCode(50),
    registDate: isoDateSchema.nullable(),
    family: optionalText(100),
  })
  .partial();
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const projectSortFields = [
  'refrenceCode',
  'type',
  'regionCode',
  'title',
  'status',
  'applicationCode',
  'applicationDate',
  'registCode',
  'requestCount',
  'updateDate',
] as const;
export type ProjectSortField = (typeof projectSortFields)[number];

export const projectListMaxLimit = 500;
export const projectListDefaultLimit = 100;

/** The filters and sort of a matter list view (the list pages and the CSV share them). */
const projectListViewFields = {
  tab: z.enum(projectTabs.values).default('all'),
  status: z.enum(['all', '0', '1', '2']).default('all'),
  q: z.string().trim().max(200, { error: ValidationMessage.tooLong }).optional(),
  family: z.string().trim().max(100, { error: ValidationMessage.tooLong }).optional(),
  sort: z.enum(projectSortFields).default('updateDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

/**
 * Groupings of a list view. `family`: the matters of each family together, families by name in
 * code point order (collation "C" on every database: docs/adr/0020), the matters without a
 * family last; inside a family the view's sort, then the id.
 */
export const projectListGroups = ['family'] as const;
export type ProjectListGroup = (typeof projectListGroups)[number];
const projectListGroupField = z.enum(projectListGroups).optional();

/** The largest `offset` the list takes: far beyond any portfolio, small enough to stay an int. */
export const projectListMaxOffset = 10_000_000;

/**
 * The matter list's query: server-side filters, sort, and either cursor pagination (the next
 * page after `cursor`) or a position (`offset` rows into the list, for a viewport that jumps to
 * any row); given both, `offset` counts from the cursor. A grouped view (`group`) pages by
 * `offset` only: it answers no `nextCursor` and refuses a cursor.
 */
export const projectListQuerySchema = z.strictObject({
  ...projectListViewFields,
  group: projectListGroupField,
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(500).optional(),
  /** Rows to skip (after the cursor when there is one). */
  offset: z.coerce.number().int().min(0).max(projectListMaxOffset).optional(),
  limit: z.coerce.number().int().min(1).max(projectListMaxLimit).default(projectListDefaultLimit),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

/**
 * The CSV of a whole list view: the list's filters and sort; `group=family` adds the family
 * column first and lists each family's matters together (families by name, none last).
 */
export const projectCsvQuerySchema = z.strictObject({
  ...projectListViewFields,
  group: projectListGroupField,
});
export type ProjectCsvQuery = z.input<typeof projectCsvQuerySchema>;

/** The header of the CSV answer that tells how many rows follow (for a progress indicator). */
export const projectCsvRowCountHeader = 'x-row-count';

export const projectTabCountsSchema = z.object(
  Object.fromEntries(projectTabs.values.map((tab) => [tab, z.number().int().nonnegative()])) as Record<
    (typeof projectTabs.values)[number],
    z.ZodNumber
  >,
);
export type ProjectTabCounts = z.infer<typeof projectTabCountsSchema>;

export const projectListResponseSchema = itemsEnvelope(projectSchema, {
  nextCursor: z.string().nullable(),
  counts: projectTabCountsSchema,
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** The filters of a list view whose family groups are asked for (the sort does not change them). */
export const projectFamilyGroupsQuerySchema = z.strictObject({
  tab: projectListViewFields.tab,
  status: projectListViewFields.status,
  q: projectListViewFields.q,
  family: projectListViewFields.family,
});
export type ProjectFamilyGroupsQuery = z.input<typeof projectFamilyGroupsQuerySchema>;

/** One family of a view and how many of the view's matters it holds; `family` null: none. */
export const projectFamilyGroupSchema = z.object({
  family: z.string().nullable(),
  count: z.number().int().positive(),
});
export type ProjectFamilyGroup = z.infer<typeof projectFamilyGroupSchema>;

/** The groups in the order `group=family` lists them; their counts add up to the tab's count. */
export const projectFamilyGroupsResponseSchema = itemsEnvelope(projectFamilyGroupSchema);

export const projectResponseSchema = itemEnvelope(projectSchema);
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

/** Path of one matter: its id (`id` in the matter's own paths, `projectId` below a request). */
export const projectIdParamsSchema = z.strictObject({ projectId: idSchema });

/** Deleting a matter answers the id of the matter it moved to the deleted tab. */
export const deleteProjectResponseSchema = itemEnvelope(
  z.object({ id: z.uuid(), deletedAt: z.iso.datetime() }),
);

/**
 * The family name of this matter, or with `allOfFamily` of every live matter the caller can
 * change that has this matter's current family name (a family-wide rename). `family` null or
 * blank removes the name.
 */
export const renameProjectFamilyBodySchema = z.strictObject({
  family: optionalText(100),
  allOfFamily: z.boolean().default(false),
});
export type RenameProjectFamilyBody = z.input<typeof renameProjectFamilyBodySchema>;
/** The matters whose family name changed (list rows), the requested one first. */
export const projectFamilyResponseSchema = itemsEnvelope(projectSchema);

const namespaceNote = {
  user: '',
  patent: ' Offices see the matters of requests addressed to their firm.',
} as const;

/**
 * Matters: the list (both namespaces), and for the client side (REGULAR users) create, soft
 * delete and the family name. A matter the caller may not see answers 404 (ids cannot be
 * probed); a deleted matter is read-only and every write to it answers 409. The detail and its
 * writes are `projectDetailEndpoints`, the user space `projectUserSpaceEndpoints`.
 */
export const projectEndpoints = {
  listProjects: endpoint({
    method: 'GET',
    path: '/projects',
    namespaces: ['user', 'patent'],
    summary: 'One page of matters, with per-tab counts',
    description: {
      user: `Cursor pagination: pass \`nextCursor\` as \`cursor\` with the same sort and order for the next page; or \`offset\` to start at any row (a viewport that jumps). \`group=family\` orders the view by family first (\`GET /projects/families\` answers the groups' sizes) and pages by \`offset\` only.${namespaceNote.user}`,
      patent: `Cursor pagination: pass \`nextCursor\` as \`cursor\` with the same sort and order for the next page; or \`offset\` to start at any row (a viewport that jumps). \`group=family\` orders the view by family first (\`GET /projects/families\` answers the groups' sizes) and pages by \`offset\` only.${namespaceNote.patent}`,
    },
    query: projectListQuerySchema,
    response: projectListResponseSchema,
    refusals: ['invalidCursor'],
    failureMessage: ApiErrorMessage.projectListFetchFailed,
  }),
  listProjectFamilyGroups: endpoint({
    method: 'GET',
    path: '/projects/families',
    namespaces: ['user', 'patent'],
    summary: 'The family groups of a list view, with their sizes',
    description:
      'The families of the matters the view (tab, status, q, family) holds, in the order `GET /projects?group=family` lists them (families by name in code point order, the matters without a family last as `family: null`), each with its number of matters: a grouped list places each group at its offset without reading its rows.',
    query: projectFamilyGroupsQuerySchema,
    response: projectFamilyGroupsResponseSchema,
    refusals: [],
    failureMessage: ApiErrorMessage.projectListFetchFailed,
  }),
  exportProjectsCsv: endpoint({
    method: 'GET',
    path: '/projects/csv',
    namespaces: ['user', 'patent'],
    summary: 'The whole filtered list as CSV, streamed',
    description:
      'UTF-8 with a byte order mark, CRLF, every field quoted, the columns of the list (labels in the Accept-Language). Written row batch by row batch as it is read; `X-Row-Count` tells how many rows follow.',
    query: projectCsvQuerySchema,
    response: binaryResponse,
    refusals: [],
    failureMessage: ApiErrorMessage.projectCsvExportFailed,
  }),
  createProject: endpoint({
    method: 'POST',
    path: '/projects',
    namespaces: ['user'],
    summary: 'Create a matter',
    body: createProjectBodySchema,
    response: projectResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [],
    failureMessage: ApiErrorMessage.projectRegistrationFailed,
  }),
  deleteProject: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId',
    namespaces: ['user'],
    summary: 'Move a matter to the deleted tab',
    description: 'Deleting a deleted matter answers its first deletion.',
    params: projectIdParamsSchema,
    response: deleteProjectResponseSchema,
    refusals: ['projectNotFound'],
    failureMessage: ApiErrorMessage.projectDeletionFailed,
  }),
  renameProjectFamily: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/family',
    namespaces: ['user'],
    summary: "Set a matter's family name, or rename its whole family",
    description:
      'With `allOfFamily`, every live matter the caller can see that has this matter’s current family name gets the new one (one history entry per matter). Answers the changed matters, this one first. A deleted matter answers 409. The client names its families; offices never do.',
    params: projectIdParamsSchema,
    body: renameProjectFamilyBodySchema,
    response: projectFamilyResponseSchema,
    refusals: ['projectNotFound', 'projectDeleted'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
};
