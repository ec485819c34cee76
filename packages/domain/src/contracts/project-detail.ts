import { z } from 'zod';
import { rightsStatuses } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import {
  isoDateSchema,
  optionalCode,
  optionalDecimal,
  optionalInteger,
  optionalText,
  regionCodeSchema,
  requiredCode,
  requiredText,
} from '../validation/primitives.js';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { binaryResponse, endpoint, multipartBody } from './endpoint.js';
import { itemEnvelope } from './envelope.js';
import {
  projectIdParamsSchema,
  projectResponseSchema,
  projectSchema,
  updateProjectBodySchema,
} from './project.js';
import { userSpaceFileMaxBytes } from './project-user-space.js';

const optionalDate = isoDateSchema.nullable();
/** A percentage as a number or as typed ('５０．５'); see optionalDecimal. */
const percentage = optionalDecimal(0, 100);

/** Nice classification: classes 1-34 are goods, 35-45 services. */
export const niceClassSchema = z
  .number()
  .int()
  .min(1, { error: ValidationMessage.invalidValue })
  .max(45, { error: ValidationMessage.invalidValue });

/** Trademark-specific fields of a matter. */
export const trademarkInfoSchema = z.strictObject({
  /** File id of the trademark image sample (an uploaded image). */
  imageFileId: z.uuid().nullable(),
  /** Text used for searching (the mark's reading / 称呼). */
  searchText: optionalText(500),
  designatedGoodsAndServices: optionalText(20_000),
  classes: z.array(niceClassSchema).max(45),
  designatedGoodsClass: optionalText(2_000),
  designatedServices: optionalText(20_000),
});

export const applicationInfoSchema = z.strictObject({
  applicationCode: optionalCode(50),
  applicationDate: optionalDate,
  publicationCode: optionalCode(50),
  publicationDate: optionalDate,
  /** Last day to claim priority from this application (12 months for patents, 6 for designs and trademarks). */
  priorityPeriod: optionalDate,
  examRequestPeriod: optionalDate,
  /** When examination was requested (JP patents): it picks the annuity fee table. */
  examRequestDate: optionalDate,
  /** Access code for the WIPO Digital Access Service. */
  accessCode: optionalCode(20),
});

export const registrationInfoSchema = z.strictObject({
  /** Registration (patent) number. */
  registCode: optionalCode(50),
  issueDate: optionalDate,
  officialPublicationDate: optionalDate,
  /**
   * When the decision to grant (特許査定) was served: a JP patent's years 1-3 are due within 30
   * days of it.
   */
  grantDecisionDate: optionalDate,
  registDate: optionalDate,
  claimsCount: optionalInteger(0, 10_000),
  durationExpiry: optionalDate,
  rightsStatus: z.enum(rightsStatuses.values, { error: ValidationMessage.invalidValue }).nullable(),
});

export const maintenanceInfoSchema = z.strictObject({
  registrationFeePaymentDate: optionalDate,
  /** Years covered by the payment, e.g. 1 to 3. */
  yearFrom: optionalInteger(1, 30),
  yearTo: optionalInteger(1, 30),
  nextPaymentDate: optionalDate,
  dueDate: optionalDate,
  paymentYear: optionalInteger(1, 30),
  paymentDate: optionalDate,
});

export const applicantRoles = ['applicant', 'inventor', 'agent'] as const;
export type ApplicantRole = (typeof applicantRoles)[number];

/** A person or company on the matter: applicant/owner, inventor or agent. */
export const applicantSchema = z.strictObject({
  role: z.enum(applicantRoles, { error: ValidationMessage.invalidValue }),
  identificationNumber: optionalCode(50),
  name: requiredText(200),
  address: optionalText(500),
  /** Share of the right, in percent (co-owned rights). */
  shareRatio: percentage,
  /** Contribution to the invention, in percent (inventors). */
  contribution: percentage,
});
export type Applicant = z.infer<typeof applicantSchema>;

export const internationalInfoSchema = z.strictObject({
  applicationNumber: optionalCode(50),
  applicationDate: optionalDate,
  publicationNumber: optionalCode(50),
  publicationDate: optionalDate,
  nationalTransitionDeadline: optionalDate,
  article19AmendmentDeadline: optionalDate,
  preliminaryExamDeadline: optionalDate,
  /** Transmittal date of the international search report; drives the Art. 19 and Chapter II deadlines. */
  searchReportTransmittalDate: optionalDate,
});

export const priorityClaimSchema = z.strictObject({
  regionCode: regionCodeSchema.nullable(),
  baseApplicationNumber: requiredCode(50),
  baseApplicationDate: isoDateSchema,
  accessCode: optionalCode(20),
});
export type PriorityClaim = z.infer<typeof priorityClaimSchema>;

export const projectSettingsSchema = z.strictObject({
  /** Let the office a request was sent to edit this matter's information. */
  allowRequestedOfficeEdit: z.boolean(),
});

/*
 * What the server answers. The group schemas above are input schemas (forms, PATCH): their
 * optional texts turn '' into null, a one-way transform a response cannot be encoded with. The
 * answers have plain schemas of the same shape; `satisfies` keeps each equal to what its input
 * schema produces.
 */
const text = z.string().nullable();
const date = isoDateSchema.nullable();
const count = z.number().int().nullable();

const trademarkInfoOutputSchema = z.object({
  imageFileId: z.uuid().nullable(),
  searchText: text,
  designatedGoodsAndServices: text,
  classes: z.array(z.number().int()),
  designatedGoodsClass: text,
  designatedServices: text,
}) satisfies z.ZodType<z.output<typeof trademarkInfoSchema>>;

const applicationInfoOutputSchema = z.object({
  applicationCode: text,
  applicationDate: date,
  publicationCode: text,
  publicationDate: date,
  priorityPeriod: date,
  examRequestPeriod: date,
  examRequestDate: date,
  accessCode: text,
}) satisfies z.ZodType<z.output<typeof applicationInfoSchema>>;

const registrationInfoOutputSchema = z.object({
  registCode: text,
  issueDate: date,
  officialPublicationDate: date,
  grantDecisionDate: date,
  registDate: date,
  claimsCount: count,
  durationExpiry: date,
  rightsStatus: z.enum(rightsStatuses.values).nullable(),
}) satisfies z.ZodType<z.output<typeof registrationInfoSchema>>;

const maintenanceInfoOutputSchema = z.object({
  registrationFeePaymentDate: date,
  yearFrom: count,
  yearTo: count,
  nextPaymentDate: date,
  dueDate: date,
  paymentYear: count,
  paymentDate: date,
}) satisfies z.ZodType<z.output<typeof maintenanceInfoSchema>>;

const applicantOutputSchema = z.object({
  role: z.enum(applicantRoles),
  identificationNumber: text,
  name: z.string(),
  address: text,
  shareRatio: z.number().nullable(),
  contribution: z.number().nullable(),
}) satisfies z.ZodType<Applicant>;

const internationalInfoOutputSchema = z.object({
  applicationNumber: text,
  applicationDate: date,
  publicationNumber: text,
  publicationDate: date,
  nationalTransitionDeadline: date,
  article19AmendmentDeadline: date,
  preliminaryExamDeadline: date,
  searchReportTransmittalDate: date,
}) satisfies z.ZodType<z.output<typeof internationalInfoSchema>>;

const priorityClaimOutputSchema = z.object({
  regionCode: z.number().int().nullable(),
  baseApplicationNumber: z.string(),
  baseApplicationDate: isoDateSchema,
  accessCode: text,
}) satisfies z.ZodType<PriorityClaim>;

/** The matter detail page: list fields plus every detail group. */
export const projectDetailSchema = projectSchema.extend({
  trademark: trademarkInfoOutputSchema,
  application: applicationInfoOutputSchema,
  registration: registrationInfoOutputSchema,
  maintenance: maintenanceInfoOutputSchema,
  applicants: z.array(applicantOutputSchema),
  international: internationalInfoOutputSchema,
  priorityClaims: z.array(priorityClaimOutputSchema),
  settings: z.object({ allowRequestedOfficeEdit: z.boolean() }),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** PATCH of one detail group at a time; arrays are replaced whole. */
export const updateProjectDetailBodySchema = z
  .strictObject({
    trademark: trademarkInfoSchema.partial(),
    application: applicationInfoSchema.partial(),
    registration: registrationInfoSchema.partial(),
    maintenance: maintenanceInfoSchema.partial(),
    applicants: z.array(applicantSchema).max(100),
    international: internationalInfoSchema.partial(),
    priorityClaims: z.array(priorityClaimSchema).max(50),
    settings: projectSettingsSchema.partial(),
  })
  .partial();
export type UpdateProjectDetailBody = z.infer<typeof updateProjectDetailBodySchema>;

/**
 * The body of a matter's PATCH: the list-level fields and/or detail groups (the web app sends
 * one group at a time). A field given twice (`applicationCode` and
 * `application.applicationCode`) must have one value.
 */
export const patchProjectBodySchema = updateProjectBodySchema.extend(updateProjectDetailBodySchema.shape);
export type PatchProjectBody = z.infer<typeof patchProjectBodySchema>;

export const projectDetailResponseSchema = itemEnvelope(projectDetailSchema);
export type ProjectDetailResponse = z.infer<typeof projectDetailResponseSchema>;

const namespaceNote = {
  user: '',
  patent: ' Offices see the matters of requests addressed to their firm.',
} as const;

/**
 * The detail of a matter and its writes, in both namespaces unless said otherwise. The client
 * side reads deleted matters too (read-only: writes answer 409); a requested office (PATENT)
 * sees only live matters with a live request addressed to its firm, and changes the matter
 * information (PATCH, the trademark image) only where the matter's setting allows it (403
 * otherwise), never the settings or the family.
 */
export const projectDetailEndpoints = {
  getProject: endpoint({
    method: 'GET',
    path: '/projects/:projectId',
    namespaces: ['user', 'patent'],
    summary: 'The detail of a matter',
    description: {
      user: `A matter the caller may not see answers 404.${namespaceNote.user}`,
      patent: `A matter the caller may not see answers 404.${namespaceNote.patent}`,
    },
    params: projectIdParamsSchema,
    response: projectDetailResponseSchema,
    refusals: ['projectNotFound'],
  }),
  updateProject: endpoint({
    method: 'PATCH',
    path: '/projects/:projectId',
    namespaces: ['user', 'patent'],
    summary: 'Update a matter',
    description: {
      user: 'Arrays (applicants, priorityClaims) are replaced whole. A deleted matter answers 409.',
      patent:
        'Only where the matter allows the requested office to edit it (else 403); never `settings` or `family` (403). A deleted matter answers 404.',
    },
    params: projectIdParamsSchema,
    body: patchProjectBodySchema,
    response: projectDetailResponseSchema,
    refusals: [
      'projectNotFound',
      'projectDeleted',
      'officeEditNotAllowed',
      'officeCannotChange',
      'conflictingValue',
      'useTrademarkImageUpload',
      'yearRange',
      'shareTotal',
      'contributionTotal',
    ],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
  duplicateProject: endpoint({
    method: 'POST',
    path: '/projects/:projectId/duplicate',
    namespaces: ['user'],
    summary: 'Duplicate a matter',
    description:
      "A new matter with the same data (not its requests, concierge state or user space); the title is marked as a copy in the caller's saved language. A deleted matter answers 409.",
    params: projectIdParamsSchema,
    response: projectResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['projectNotFound', 'projectDeleted'],
    failureMessage: ApiErrorMessage.projectRegistrationFailed,
  }),
  getTrademarkImage: endpoint({
    method: 'GET',
    path: '/projects/:projectId/trademark-image',
    namespaces: ['user', 'patent'],
    summary: "The matter's trademark image sample (bytes)",
    params: projectIdParamsSchema,
    response: binaryResponse,
    refusals: ['projectNotFound', 'trademarkImageNotFound'],
  }),
  putTrademarkImage: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/trademark-image',
    namespaces: ['user', 'patent'],
    summary: 'Upload the trademark image sample (multipart/form-data, part `file`, an image)',
    description: `PNG, JPEG, GIF or WebP, at most ${userSpaceFileMaxBytes} bytes; trademark matters only.`,
    params: projectIdParamsSchema,
    body: multipartBody,
    response: projectDetailResponseSchema,
    refusals: ['projectNotFound', 'projectDeleted', 'officeEditNotAllowed', 'notTrademark'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
};
