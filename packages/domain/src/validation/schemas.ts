import { z } from 'zod';
import { creatableCaseTypes, officeTypes, requestTypes, toastLevels, userTypes } from '../codes/codes.js';
import { ValidationMessage } from './messages.js';
import { normalizeNumberText } from './normalize.js';
import {
  emailSchema,
  idSchema,
  optionalText,
  phoneNumberSchema,
  regionCodeSchema,
  requiredCode,
  requiredText,
} from './primitives.js';

/** REGULAR or PATENT; none chosen yet (undefined, null, '') is "required", anything else invalid. */
export const userTypeSchema = z.enum(userTypes.values, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? ValidationMessage.required
      : ValidationMessage.invalidUserType,
});

export const toastLevelSchema = z.enum(toastLevels.values, { error: ValidationMessage.invalidToastLevel });

/** A toast as raised anywhere in the app; timeout -1 keeps it until closed. */
export const toastSchema = z.object({
  level: toastLevelSchema,
  message: requiredText(500),
  detail: optionalText(2000).optional(),
  timeoutMs: z.number().int().min(-1).optional(),
});

export const creatableCaseTypeSchema = z.union(
  creatableCaseTypes.map((value) => z.literal(value)),
  {
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidCreatableCaseType,
  },
);

/**
 * The Create Matter dialog and POST /projects: type, reference code (full-width forms and dashes
 * normalized), region and title.
 */
export const createMatterSchema = z.strictObject({
  type: creatableCaseTypeSchema,
  refrenceCode: requiredCode(50),
  regionCode: regionCodeSchema,
  title: requiredText(200),
});
export type CreateMatterInput = z.input<typeof createMatterSchema>;
export type CreateMatter = z.output<typeof createMatterSchema>;

/**
 * Profile attributes as the identity pool names them (sign-up and edit account).
 * `custom:region_code` is the region code as a string.
 */
export const profileAttributesSchema = z.strictObject({
  name: requiredText(100),
  address: requiredText(256),
  email: emailSchema,
  phone_number: phoneNumberSchema,
  'custom:region_code': z
    .string({ error: ValidationMessage.required })
    .overwrite(normalizeNumberText)
    .min(1, { error: ValidationMessage.required })
    .refine((value) => /^\d+$/.test(value) && regionCodeSchema.safeParse(Number(value)).success, {
      error: ValidationMessage.invalidRegion,
    }),
});
export type ProfileAttributes = z.infer<typeof profileAttributesSchema>;

/** Creating or renaming an organization. */
export const organizationSchema = z.strictObject({
  name: requiredText(100),
  representativeName: requiredText(100),
});
export type OrganizationInput = z.infer<typeof organizationSchema>;

/** The request form: every field is required. */
export const requestFormSchema = z.strictObject({
  name: requiredText(200),
  type: z.enum(requestTypes.values, {
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidRequestType,
  }),
  content: requiredText(10_000),
  officeRegionCode: regionCodeSchema,
  officeType: z.enum(officeTypes.values, {
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidOfficeType,
  }),
  officeId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? ValidationMessage.required
        : ValidationMessage.invalidOffice,
  }),
});
export type RequestFormInput = z.infer<typeof requestFormSchema>;

export { idSchema };
