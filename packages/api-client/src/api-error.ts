import type { ApiErrorMessage, FieldError } from '@ipportal/domain';

/**
 * A failed call. `messageKey` is the call's failure message (an i18n key from the domain's
 * `ApiErrorMessage`), or null for calls that have none (their errors show the server's reason
 * alone). `serverMessage` is the envelope's `message` when the server sent one.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR' | 'NOT_LOGGED_IN';
  messageKey: ApiErrorMessage | null;
  serverMessage: string | null;
  fieldErrors?: FieldError[];
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'messageKey' in value &&
    'serverMessage' in value
  );
}

/**
 * The text to show for a failed call: the translated failure message, then the server message on a
 * new line when there is one. `translate` is the app's i18n function.
 */
export function apiErrorText(error: ApiError, translate: (key: string) => string): string {
  const lines: string[] = [];
  if (error.messageKey) lines.push(translate(error.messageKey));
  if (error.serverMessage) lines.push(error.serverMessage);
  if (lines.length === 0) lines.push(String(error.status));
  return lines.join('\n');
}
