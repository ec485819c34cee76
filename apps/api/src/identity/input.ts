/** Request parsing for the operations: lenient about explicit nulls (the client sends them), strict about types and sizes. */
import { normalizeEmail, normalizeWidth, translateDomainKey, type Locale } from '@ipportal/domain';
import { z } from 'zod';
import { invalidParameter } from './errors.js';

export const clientIdField = z.string().min(1).max(128);
/** The email typed as user name: a full-width address is its half-width form (as at sign-up). */
export const usernameField = z.string().overwrite(normalizeEmail).min(1).max(256);
/** Cognito caps passwords at 256 characters; the policy itself is the domain's passwordSchema. */
export const passwordField = z.string().min(1).max(256);
/** A mailed code; full-width digits read as digits. */
export const codeField = z.string().overwrite(normalizeWidth).min(1).max(16);
export const tokenField = z.string().min(1).max(8192);
export const clientMetadataField = z.record(z.string(), z.string()).nullish();
export const attributeListField = z
  .array(z.object({ Name: z.string().min(1).max(64), Value: z.string().max(2048) }))
  .max(50)
  .nullish();

/** Parses an operation's body; a failure names the first bad field, as Cognito's validation errors do. */
export function parseInput<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'request';
  throw invalidParameter(
    `1 validation error detected: Value at '${field}' failed to satisfy constraint: ${issue?.message ?? 'invalid'}`,
  );
}

/** A domain validation key in English, for the `message` of an exception (the client shows its own translation). */
export function englishMessage(key: string): string {
  return translateDomainKey('en', key) ?? key;
}

export function isLocale(value: unknown): value is Locale {
  return value === 'ja' || value === 'en';
}

/** The language of mails: ClientMetadata.locale (sent by @ipportal/auth), else Accept-Language, else Japanese. */
export function requestLocale(
  clientMetadata: Record<string, string> | null | undefined,
  acceptLanguage: string | undefined,
): Locale | undefined {
  const fromMetadata = clientMetadata?.locale;
  if (isLocale(fromMetadata)) return fromMetadata;
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase();
  if (first?.startsWith('en')) return 'en';
  if (first?.startsWith('ja')) return 'ja';
  return undefined;
}

export function attributesToRecord(
  list: { Name: string; Value: string }[] | null | undefined,
): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { Name, Value } of list ?? []) record[Name] = Value;
  return record;
}
