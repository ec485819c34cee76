import { apiErrorText, isApiError } from '@ipportal/api-client';
import type { TFunction } from 'i18next';

/** The text of an API failure for a toast's detail line: the server's message. */
export function failureDetail(error: unknown, t: TFunction): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.serverMessage) return error.serverMessage;
  return error.messageKey ? undefined : apiErrorText(error, t);
}
