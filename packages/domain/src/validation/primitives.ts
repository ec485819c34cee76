import { z } from 'zod';
import { isRegionCode } from '../regions/regions.js';
import { ValidationMessage } from './messages.js';

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

export const regionCodeSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidRegion,
  })
  .int({ error: ValidationMessage.invalidRegion })
  .refine(isRegionCode, { error: ValidationMessage.invalidRegion });

/** A calendar date as `YYYY-MM-DD` (deadlines are dates, not instants). */
export const isoDateSchema = z.iso.date({ error: ValidationMessage.invalidDate });

export const idSchema = z.uuid({ error: ValidationMessage.invalidId });

export const emailSchema = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, { error: ValidationMessage.required })
  .max(254, { error: ValidationMessage.tooLong })
  .pipe(z.email({ error: ValidationMessage.invalidEmail }));

/** E.164, as the identity pool requires (e.g. +81312345678). */
export const phoneNumberSchema = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, { error: ValidationMessage.required })
  .regex(/^\+[1-9]\d{6,14}$/, { error: ValidationMessage.invalidPhone });
