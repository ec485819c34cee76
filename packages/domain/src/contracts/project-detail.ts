import { z } from 'zod';
import { rightsStatuses } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import { isoDateSchema, optionalText, regionCodeSchema, requiredText } from '../validation/primitives.js';
import { itemEnvelope } from './envelope.js';
import { projectSchema } from './project.js';

const optionalDate = isoDateSchema.nullable();
const percentage = z
  .number({ error: ValidationMessage.invalidValue })
  .min(0, { error: ValidationMessage.invalidValue })
  .max(100, { error: ValidationMessage.invalidValue })
  .nullable();

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
  applicationCode: optionalText(50),
  applicationDate: optionalDate,
  publicationCode: optionalText(50),
  publicationDate: optionalDate,
  /** Last day to claim priority from this application (12 months for patents, 6 for designs and trademarks). */
  priorityPeriod: optionalDate,
  examRequestPeriod: optionalDate,
  /** Access code for the WIPO Digital Access Service. */
  accessCode: optionalText(20),
});

export const registrationInfoSchema = z.strictObject({
  /** Registration (patent) number. */
  registCode: optionalText(50),
  issueDate: optionalDate,
  officialPublicationDate: optionalDate,
  registDate: optionalDate,
  claimsCount: z.number().int().min(0, { error: ValidationMessage.invalidValue }).max(10_000).nullable(),
  durationExpiry: optionalDate,
  rightsStatus: z.enum(rightsStatuses.values, { error: ValidationMessage.invalidValue }).nullable(),
});

export const maintenanceInfoSchema = z.strictObject({
  registrationFeePaymentDate: optionalDate,
  /** Years covered by the payment, e.g. 1 to 3. */
  yearFrom: z.number().int().min(1).max(30).nullable(),
  yearTo: z.number().int().min(1).max(30).nullable(),
  nextPaymentDate: optionalDate,
  dueDate: optionalDate,
  paymentYear: z.number().int().min(1).max(30).nullable(),
  paymentDate: optionalDate,
});

export const applicantRoles = ['applicant', 'inventor', 'agent'] as const;
export type ApplicantRole = (typeof applicantRoles)[number];

/** A person or company on the matter: applicant/owner, inventor or agent. */
export const applicantSchema = z.strictObject({
  role: z.enum(applicantRoles, { error: ValidationMessage.invalidValue }),
  identificationNumber: optionalText(50),
  name: requiredText(200),
  address: optionalText(500),
  /** Share of the right, in percent (co-owned rights). */
  shareRatio: percentage,
  /** Contribution to the invention, in percent (inventors). */
  contribution: percentage,
});
export type Applicant = z.infer<typeof applicantSchema>;

export const internationalInfoSchema = z.strictObject({
  applicationNumber: optionalText(50),
  applicationDate: optionalDate,
  publicationNumber: optionalText(50),
  publicationDate: optionalDate,
  nationalTransitionDeadline: optionalDate,
  article19AmendmentDeadline: optionalDate,
  preliminaryExamDeadline: optionalDate,
  /** Transmittal date of the international search report; drives the Art. 19 and Chapter II deadlines. */
  searchReportTransmittalDate: optionalDate,
});

export const priorityClaimSchema = z.strictObject({
  regionCode: regionCodeSchema.nullable(),
  baseApplicationNumber: requiredText(50),
  baseApplicationDate: isoDateSchema,
  accessCode: optionalText(20),
});
export type PriorityClaim = z.infer<typeof priorityClaimSchema>;

export const projectSettingsSchema = z.strictObject({
  /** Let the office a request was sent to edit this matter's information. */
  allowRequestedOfficeEdit: z.boolean(),
});

/** The matter detail page: list fields plus every detail group. */
export const projectDetailSchema = projectSchema.extend({
  trademark: trademarkInfoSchema,
  application: applicationInfoSchema,
  registration: registrationInfoSchema,
  maintenance: maintenanceInfoSchema,
  applicants: z.array(applicantSchema),
  international: internationalInfoSchema,
  priorityClaims: z.array(priorityClaimSchema),
  settings: projectSettingsSchema,
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

export const projectDetailResponseSchema = itemEnvelope(projectDetailSchema);
