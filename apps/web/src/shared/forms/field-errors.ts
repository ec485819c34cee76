import type { MessageDescriptor } from '@ipportal/domain';

/** The first message of each field, as i18n descriptors (translate with `t(key, params)`). */
export type FieldErrors<Field extends string> = Partial<Record<Field, MessageDescriptor>>;

export function hasFieldErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}
