import { isApiError } from '@ipportal/api-client';

// Money and dates read the same as on the printable documents.
export { useBillingFormats } from '../billing-documents';
export type { BillingFormats } from '../billing-documents';

/** The server's field errors by path (`title`, `lines.2.unitPrice`); empty when there are none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (isApiError(error) && error.fieldErrors) {
    for (const problem of error.fieldErrors) found[problem.path] ??= problem.message;
  }
  return found;
}
