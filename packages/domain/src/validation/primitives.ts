import { z } from 'zod';
import { todayInJapan } from '../dates/japan-calendar/japan-time.js';
import { isRegionCode } from '../regions/regions.js';
import { ValidationMessage } from './messages.js';
import {
  normalizeCode,
  normalizeEmail,
  normalizeNumberText,
  normalizePhoneNumber,
  parseNumberText,
} from './normalize.js';

/** A required string: trimmed, non-empty, at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: ValidationMessage.required })
    .trim()
    .min(1, { error: ValidationMessage.required })
    .max(max, { error: ValidationMessage.tooLong });
}

/** An optional string: trimmed; empty means "no value" (null). */
export function optionalText(max: number) {
  return z
    .string({ error: ValidationMessage.invalidValue })
    .trim()
    .max(max, { error: ValidationMessage.tooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

/**
 * A required code people type (reference code, application or registration number): full-width
 * forms and dashes normalized (`normalizeCode`), then non-empty and at most `max` characters.
 */
export function requiredCode(max: number) {
  return z
    .string({ error: ValidationMessage.required })
    .overwrite(normalizeCode)
    .min(1, { error: ValidationMessage.required })
    .max(max, { error: ValidationMessage.tooLong });
}

/** An optional code (`normalizeCode`); empty means "no value" (null). */
export function optionalCode(max: number) {
  return z
    .string({ error: ValidationMessage.invalidValue })
    .overwrite(normalizeCode)
    .max(max, { error: ValidationMessage.tooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

/**
 * An optional number from `min` to `max`: a JSON number, or the text a person typed ('１２',
 * '５０．５'); empty text and null mean "no value". Anything else is refused with a message naming
 * the range (`validation.integerRange` / `validation.numberRange` with `{ min, max }`), so the
 * form and the API say what is expected.
 */
function optionalNumber(kind: 'integer' | 'decimal', min: number, max: number) {
  const message = kind === 'integer' ? ValidationMessage.integerRange : ValidationMessage.numberRange;
  return z
    .union([z.number(), z.string(), z.null()], { error: ValidationMessage.invalidNumber })
    .transform((value, ctx): number | null => {
      if (value === null) return null;
      if (typeof value === 'string' && normalizeNumberText(value) === '') return null;
      const number = typeof value === 'number' ? value : parseNumberText(value, kind);
      const fits =
        number !== null && (kind === 'decimal' || Number.isInteger(number)) && number >= min && number <= max;
      if (fits) return number;
      ctx.issues.push({ code: 'custom', message, params: { min, max }, input: value });
      return z.NEVER;
    });
}

/** An optional whole number from `min` to `max` (see `optionalNumber`). */
export function optionalInteger(min: number, max: number) {
  return optionalNumber('integer', min, max);
}

/** An optional number from `min` to `max`, decimals allowed (see `optionalNumber`). */
export function optionalDecimal(min: number, max: number) {
  return optionalNumber('decimal', min, max);
}

export const regionCodeSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidRegion,
  })
  .int({ error: ValidationMessage.invalidRegion })
  .refine(isRegionCode, { error: ValidationMessage.invalidRegion });

/** A calendar date as `YYYY-MM-DD` (deadlines are dates, not instants). */
export const isoDateSchema = z.iso.date({ error: ValidationMessage.invalidDate });

/** A date on which something already happened: not after today in Japan (checked when parsed). */
export const pastOrTodaySchema = isoDateSchema.refine((value) => value <= todayInJapan(), {
  error: ValidationMessage.futureDate,
});

/** An optional web address (evidence, a website): http or https only; empty means none (null). */
export function optionalHttpUrl(max: number) {
  return z
    .string({ error: ValidationMessage.invalidUrl })
    .trim()
    .max(max, { error: ValidationMessage.tooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
      error: ValidationMessage.invalidUrl,
    });
}

export const idSchema = z.uuid({ error: ValidationMessage.invalidId });

/** An email address; a full-width one is taken as its half-width form (`normalizeEmail`). */
export const emailSchema = z
  .string({ error: ValidationMessage.required })
  .overwrite(normalizeEmail)
  .min(1, { error: ValidationMessage.required })
  .max(254, { error: ValidationMessage.tooLong })
  .pipe(z.email({ error: ValidationMessage.invalidEmail }));

/**
 * E.164, as the identity pool requires (e.g. +81312345678). What people type is normalized first
 * (`normalizePhoneNumber`: full-width forms, spaces, dashes and brackets), then a number with
 * other characters and one without '+' and the country code get their own messages.
 */
export const phoneNumberSchema = z
  .string({ error: ValidationMessage.required })
  .overwrite(normalizePhoneNumber)
  .min(1, { error: ValidationMessage.required, abort: true })
  .regex(/^\+?\d+$/, { error: ValidationMessage.phoneCharacters, abort: true })
  .regex(/^\+[1-9]\d{6,14}$/, { error: ValidationMessage.invalidPhone });
