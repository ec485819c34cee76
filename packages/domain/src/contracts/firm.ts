import { z } from 'zod';
import { caseTypes, officeTypes } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import {
  emailSchema,
  optionalText,
  phoneNumberSchema,
  regionCodeSchema,
  requiredText,
} from '../validation/primitives.js';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { endpoint } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';

/**
 * Working languages an office can name (ISO 639-1). The web app shows them with
 * Intl.DisplayNames, so they need no translation keys.
 */
export const firmLanguages = [
  'ja',
  'en',
  'zh',
  'ko',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'ru',
  'nl',
  'sv',
  'vi',
  'th',
  'id',
  'ar',
  'hi',
] as const;
export type FirmLanguage = (typeof firmLanguages)[number];

const caseTypeSchema = z.union(
  caseTypes.values.map((v) => z.literal(v)),
  { error: ValidationMessage.invalidCaseType },
);

const websiteSchema = z
  .string({ error: ValidationMessage.invalidUrl })
  .trim()
  .max(500, { error: ValidationMessage.tooLong })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    error: ValidationMessage.invalidUrl,
  });

/** The office profile as its own users see it (GET/PUT /patent/firm). */
export const firmSchema = z.object({
  id: z.uuid(),
  /** Office name in Japanese (or the office's own language). */
  name: z.string(),
  nameEn: z.string().nullable(),
  officeType: z.enum(officeTypes.values),
  /** Country (region code) of the office. */
  regionCode: z.number().int(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  languages: z.array(z.string()),
  /** Specialties: case types handled and technical fields covered. */
  caseTypes: z.array(caseTypeSchema),
  technicalFields: z.array(z.string()),
  feeNotes: z.string().nullable(),
  /** Whether the profile is complete (isFirmProfileComplete): only complete offices get requests. */
  complete: z.boolean(),
  /**
   * The operator's concierge office (ADR 0019): it coordinates requests clients already sent and
   * is never listed in the directory, complete or not.
   */
  concierge: z.boolean(),
  updateDate: z.iso.datetime(),
});
export type Firm = z.infer<typeof firmSchema>;

/** The fields that decide whether an office is complete. */
export type FirmProfileFields = Pick<
  Firm,
  'name' | 'officeType' | 'regionCode' | 'address' | 'phoneNumber' | 'email' | 'languages' | 'caseTypes'
>;

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * An office's profile is complete when a client can choose it knowingly and reach it: name,
 * office type, country, address, phone, email, at least one working language and at least one
 * case type. The English name, website, technical fields and fee notes are optional. Only
 * complete offices appear in the directory and can receive requests; a PATENT user whose
 * office is not complete is asked to register it after signing in.
 */
export function isFirmProfileComplete(firm: FirmProfileFields | null | undefined): boolean {
  if (!firm) return false;
  return (
    filled(firm.name) &&
    officeTypes.has(firm.officeType) &&
    Number.isInteger(firm.regionCode) &&
    filled(firm.address) &&
    filled(firm.phoneNumber) &&
    filled(firm.email) &&
    firm.languages.length > 0 &&
    firm.caseTypes.length > 0
  );
}

/** PUT /patent/firm: the whole profile; what it requires is what makes a profile complete. */
export const updateFirmBodySchema = z.strictObject({
  name: requiredText(200),
  nameEn: optionalText(200),
  officeType: z.enum(officeTypes.values, {
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidOfficeType,
  }),
  regionCode: regionCodeSchema,
  address: requiredText(500),
  phoneNumber: phoneNumberSchema,
  email: emailSchema,
  website: websiteSchema,
  languages: z
    .array(z.enum(firmLanguages, { error: ValidationMessage.invalidLanguage }), {
      error: ValidationMessage.required,
    })
    .min(1, { error: ValidationMessage.selectAtLeastOne })
    .max(firmLanguages.length)
    .refine((values) => new Set(values).size === values.length, { error: ValidationMessage.invalidValue }),
  caseTypes: z
    .array(caseTypeSchema, { error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.selectAtLeastOne })
    .max(caseTypes.values.length)
    .refine((values) => new Set(values).size === values.length, { error: ValidationMessage.invalidValue }),
  technicalFields: z
    .array(requiredText(100), { error: ValidationMessage.invalidValue })
    .max(30, { error: ValidationMessage.invalidValue }),
  feeNotes: optionalText(2_000),
});
export type UpdateFirmBody = z.infer<typeof updateFirmBodySchema>;
export type UpdateFirmInput = z.input<typeof updateFirmBodySchema>;

/** GET /patent/firm: the caller's office, null while they have none. */
export const firmResponseSchema = itemEnvelope(firmSchema.nullable());
export type FirmResponse = z.infer<typeof firmResponseSchema>;

/** PUT /patent/firm: the saved office (never null: the first save creates it). */
export const savedFirmResponseSchema = itemEnvelope(firmSchema);
export type SavedFirmResponse = z.infer<typeof savedFirmResponseSchema>;

/** An office as the directory shows it to clients. */
export const firmDirectoryEntrySchema = firmSchema.omit({
  complete: true,
  concierge: true,
  updateDate: true,
});
export type FirmDirectoryEntry = z.infer<typeof firmDirectoryEntrySchema>;

/** GET /user/firms: the request form's office list, filtered by country and office type. */
export const firmDirectoryQuerySchema = z.strictObject({
  regionCode: z.coerce.number().int().optional(),
  officeType: z.enum(officeTypes.values, { error: ValidationMessage.invalidOfficeType }).optional(),
});
export type FirmDirectoryQuery = z.output<typeof firmDirectoryQuerySchema>;

export const firmDirectoryResponseSchema = itemsEnvelope(firmDirectoryEntrySchema);
export type FirmDirectoryResponse = z.infer<typeof firmDirectoryResponseSchema>;

/**
 * Offices ("firms"): a PATENT user reads and saves their own office under /patent (the first save
 * creates it: the portal has no separate office sign-up); a REGULAR user picks one from the
 * directory under /user when sending a request. Only complete profiles are in the directory.
 */
export const firmEndpoints = {
  getOwnFirm: endpoint({
    method: 'GET',
    path: '/firm',
    namespaces: ['patent'],
    summary: "The caller's office",
    description:
      '`item` is null while the user has no office; `complete` says whether it appears in the directory.',
    response: firmResponseSchema,
    refusals: [],
  }),
  saveOwnFirm: endpoint({
    method: 'PUT',
    path: '/firm',
    namespaces: ['patent'],
    summary: "Save the caller's office profile",
    description:
      'The whole profile; every required field is what makes a profile complete. The first save of a user without an office creates it.',
    body: updateFirmBodySchema,
    response: savedFirmResponseSchema,
    refusals: [],
    failureMessage: ApiErrorMessage.firmUpdateFailed,
  }),
  listFirmDirectory: endpoint({
    method: 'GET',
    path: '/firms',
    namespaces: ['user'],
    summary: 'The office directory',
    description:
      'Offices with a complete profile that accept requests, optionally of one country (regionCode) and office type, by name.',
    query: firmDirectoryQuerySchema,
    response: firmDirectoryResponseSchema,
    refusals: [],
  }),
};
