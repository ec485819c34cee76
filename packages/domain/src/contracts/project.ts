import { z } from 'zod';
import { caseTypes, conciergeStates, progressStatuses, projectTabs } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import {
  idSchema,
  isoDateSchema,
  optionalText,
  regionCodeSchema,
  requiredText,
} from '../validation/primitives.js';
import { createMatterSchema } from '../validation/schemas.js';
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
 * A matter as lists and the detail header show it (spec section 3). The field name
 * `refrenceCode` is spelled as in the spec and the existing clients: keep it.
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

/** POST /projects: the Create Matter payload. */
export const createProjectBodySchema = createMatterSchema;
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

/** PATCH /projects/{id}: any of the list-level fields; detail groups extend this. */
export const updateProjectBodySchema = z
  .strictObject({
    type: caseTypeSchema,
    refrenceCode: requiredText(50),
    regionCode: regionCodeSchema,
    title: requiredText(200),
    status: progressStatusSchema,
    name: optionalText(500),
    applicationCode: optionalText(50),
    applicationDate: isoDateSchema.nullable(),
    publicationCode: optionalText(50),
    registCode: optionalText(50),
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

/** GET /projects query: server-side filters, sort and cursor pagination. */
export const projectListQuerySchema = z.strictObject({
  tab: z.enum(projectTabs.values).default('all'),
  status: z.enum(['all', '0', '1', '2']).default('all'),
  q: z.string().trim().max(200, { error: ValidationMessage.tooLong }).optional(),
  family: z.string().trim().max(100, { error: ValidationMessage.tooLong }).optional(),
  sort: z.enum(projectSortFields).default('updateDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(projectListMaxLimit).default(projectListDefaultLimit),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

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

export const projectResponseSchema = itemEnvelope(projectSchema);
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

export const projectIdParamsSchema = z.strictObject({ id: idSchema });

/** DELETE /projects/{id} answers the id of the matter it moved to the deleted tab. */
export const deleteProjectResponseSchema = itemEnvelope(
  z.object({ id: z.uuid(), deletedAt: z.iso.datetime() }),
);
