import { z } from 'zod';

/**
 * Every answer of the user and patent APIs is an envelope:
 * `{ hasError, message, item }` for one resource, `{ hasError, message, items }` for a list.
 * On failure `hasError` is true and `message` says why, in the caller's language.
 */
export function itemEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ hasError: z.boolean(), message: z.string(), item });
}

export function itemsEnvelope<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: E,
) {
  return z.object({
    hasError: z.boolean(),
    message: z.string(),
    items: z.array(item),
    ...(extra ?? ({} as E)),
  });
}

/** One field problem of a 400 answer: where, and the i18n key of what is wrong. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  hasError: z.literal(true),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type ItemEnvelope<T> = { hasError: boolean; message: string; item: T };
export type ItemsEnvelope<T> = { hasError: boolean; message: string; items: T[] };
