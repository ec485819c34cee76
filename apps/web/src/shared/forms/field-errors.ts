import type { MessageDescriptor } from '@ipportal/domain';

/**
 * What is wrong with a field: an i18n descriptor of the form's own check (shown as
 * `t(key, params)`, so it follows the language), or a text as the server worded it in the
 * user's language (a 400 answer's field problem).
 */
export type FieldMessage = MessageDescriptor | string;

/** The first message of each field, as i18n descriptors (translate with `t(key, params)`). */
export type FieldErrors<Field extends string> = Partial<Record<Field, MessageDescriptor>>;

/** The messages of a form by field name, or by path for list fields (`lines.2.amount`). */
export type FormErrors<Field extends string = string> = Partial<Record<Field | (string & {}), FieldMessage>>;

export function hasFieldErrors(errors: Partial<Record<string, FieldMessage>>): boolean {
  return Object.values(errors).some(Boolean);
}
