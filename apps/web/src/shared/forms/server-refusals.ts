import { isApiError } from '@ipportal/api-client';
import type { FieldMessage, FormErrors } from './field-errors';

/**
 * A 400 answer's field problems (`{ path, message }`, the message in the user's language) as a
 * form's errors. `fieldOf` names the form field of a server path (the path itself by default;
 * null drops it), so a form whose fields are named apart from the request body still gets them
 * on the right field. The first problem of each field wins. Empty for any other failure.
 */
export function serverFieldErrors<Field extends string = string>(
  error: unknown,
  fieldOf: (path: string) => Field | string | null = (path) => path,
): FormErrors<Field> {
  const found: Partial<Record<string, FieldMessage>> = {};
  if (!isApiError(error) || !error.fieldErrors) return found;
  for (const problem of error.fieldErrors) {
    const field = fieldOf(problem.path);
    if (field !== null) found[field] ??= problem.message;
  }
  return found;
}

/** `fieldOf` for a form whose fields are named as the request body's: known names only. */
export function pathsAmong(fields: readonly string[]): (path: string) => string | null {
  return (path) => (fields.includes(path) ? path : null);
}
