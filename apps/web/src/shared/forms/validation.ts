import {
  describeIssue,
  emailSchema,
  normalizeEmail,
  normalizePhoneNumber,
  normalizeWidth,
  passwordSchema,
  profileAttributesSchema,
  userTypeSchema,
  ValidationMessage,
} from '@ipportal/domain';
import type { MessageDescriptor, ProfileAttributes, UserType } from '@ipportal/domain';
import type { FieldErrors } from './field-errors';

// Form validation with the domain's schemas (the identity service checks the same ones). This
// module brings zod: pages whose first paint must stay small (/login) import it on submit.

interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  maximum?: unknown;
}

/** Turns zod issues into field errors (the first issue of each field wins). */
export function fieldErrorsOf<Field extends string>(
  issues: readonly IssueLike[],
  fieldOf: (path: readonly PropertyKey[]) => Field | null,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field !== null && !errors[field]) errors[field] = describeIssue(issue);
  }
  return errors;
}

function firstIssue(result: {
  success: boolean;
  error?: { issues: readonly { code: string; message: string }[] } | undefined;
}): MessageDescriptor | undefined {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? describeIssue(issue) : undefined;
}

export function validateUserType(value: UserType | null): MessageDescriptor | undefined {
  return firstIssue(userTypeSchema.safeParse(value ?? undefined));
}

export function validateEmail(value: string): MessageDescriptor | undefined {
  return firstIssue(emailSchema.safeParse(value));
}

/** Required and nothing else (a current password is checked by the identity service, not by the policy). */
export function validateRequired(value: string): MessageDescriptor | undefined {
  return value.length === 0 ? { key: ValidationMessage.required } : undefined;
}

/** A mailed code as sent: full-width digits (a Japanese keyboard) read as digits. */
export function normalizeCode(value: string): string {
  return normalizeWidth(value);
}

/** A mailed code: six digits, in either width. */
export function validateCode(value: string): MessageDescriptor | undefined {
  const code = normalizeCode(value);
  if (code.length === 0) return { key: ValidationMessage.required };
  return /^\d{6}$/.test(code) ? undefined : { key: 'auth.field.codeFormat' };
}

export type NewPasswordField = 'password' | 'confirmation';

/** A new password (the domain's policy) and its confirmation. */
export function validateNewPassword(password: string, confirmation: string): FieldErrors<NewPasswordField> {
  const errors: FieldErrors<NewPasswordField> = {};
  const policy = firstIssue(passwordSchema.safeParse(password));
  if (policy) errors.password = policy;
  if (confirmation.length === 0) errors.confirmation = { key: ValidationMessage.required };
  else if (confirmation !== password) errors.confirmation = { key: ValidationMessage.passwordMismatch };
  return errors;
}

export type ProfileField = 'name' | 'address' | 'email' | 'phone' | 'region';

/** A profile form's values as typed. */
export interface ProfileValues {
  name: string;
  address: string;
  email: string;
  phone: string;
  /** The region code as a string, '' for none. */
  region: string;
}

const fieldOfAttribute: Record<keyof ProfileAttributes, ProfileField> = {
  name: 'name',
  address: 'address',
  email: 'email',
  phone_number: 'phone',
  'custom:region_code': 'region',
};

export const attributeOfField: Record<ProfileField, keyof ProfileAttributes> = {
  name: 'name',
  address: 'address',
  email: 'email',
  phone: 'phone_number',
  region: 'custom:region_code',
};

/**
 * The identity attributes of a profile form: trimmed; the email address in half width and the
 * phone number without separators (the domain's normalizers, as the schemas and the server use).
 */
export function profileAttributesOf(values: ProfileValues): ProfileAttributes {
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    email: normalizeEmail(values.email),
    phone_number: normalizePhoneNumber(values.phone),
    'custom:region_code': values.region,
  };
}

/** Checks a profile form with the domain's `profileAttributesSchema`; only `fields` are reported. */
export function validateProfile(
  values: ProfileValues,
  fields: readonly ProfileField[] = ['name', 'address', 'email', 'phone', 'region'],
): FieldErrors<ProfileField> {
  const result = profileAttributesSchema.safeParse(profileAttributesOf(values));
  if (result.success) return {};
  return fieldErrorsOf(result.error.issues, (path) => {
    const field = fieldOfAttribute[path[0] as keyof ProfileAttributes] as ProfileField | undefined;
    return field && fields.includes(field) ? field : null;
  });
}
