import { isApiError } from '@ipportal/api-client';

/**
 * The toast detail of a failed call. The API's error message is "<operation failure>\n<reason>"
 * and the toast's title already says the failure, so the detail is the reason alone.
 */
export function failureReason(error: unknown): string | undefined {
  if (!isApiError(error) || !error.serverMessage) return undefined;
  const lines = error.serverMessage.split('\n');
  return lines.length > 1 ? lines.slice(1).join('\n') : error.serverMessage;
}
