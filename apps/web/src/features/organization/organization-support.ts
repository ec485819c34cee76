import { describeIssue, organizationSchema } from '@ipportal/domain';
import type { Locale, MessageDescriptor } from '@ipportal/domain';
import { isApiError } from '@ipportal/api-client';

export type OrganizationField = 'name' | 'representativeName';
export type OrganizationValues = Record<OrganizationField, string>;

/** The create/edit form checked with the schema the server uses (first problem per field). */
export function validateOrganization(
  values: OrganizationValues,
): Partial<Record<OrganizationField, MessageDescriptor>> {
  const result = organizationSchema.safeParse(values);
  const errors: Partial<Record<OrganizationField, MessageDescriptor>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'representativeName') && !errors[field])
      errors[field] = describeIssue(issue);
  }
  return errors;
}

/** The server's reason for a failed call, shown as a toast's second line. */
export function serverDetail(error: unknown): string | undefined {
  return isApiError(error) ? (error.serverMessage ?? undefined) : undefined;
}

const dateLocales: Record<Locale, string> = { ja: 'ja-JP', en: 'en-GB' };

/** A day and time in the interface language (local time zone). */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(dateLocales[locale === 'en' ? 'en' : 'ja'], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
