import { isApiError } from '@ipportal/api-client';

// Money and dates read the same as on the printable documents.
export { useBillingFormats } from '../billing-documents';
export type { BillingFormats } from '../billing-documents';

/** Today in the browser's calendar, as `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const y = String(now.getFullYear()).padStart(4, '0');
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The server's field errors by path (`title`, `lines.2.unitPrice`); empty when there are none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (isApiError(error) && error.fieldErrors) {
    for (const problem of error.fieldErrors) found[problem.path] ??= problem.message;
  }
  return found;
}
