/**
 * Validation messages are i18n keys, never sentences: the same schema runs on the server
 * (answering 400) and in forms, and each side translates the key into the user's language.
 * Translations are in `i18n/messages.*.ts`.
 */
export const ValidationMessage = {
  required: 'validation.required',
  invalidUserType: 'validation.invalidUserType',
  passwordTooShort: 'validation.password.tooShort',
  passwordNeedsUpper: 'validation.password.needsUpper',
  passwordNeedsLower: 'validation.password.needsLower',
  passwordNeedsDigit: 'validation.password.needsDigit',
  passwordInvalidCharacter: 'validation.password.invalidCharacter',
  passwordMismatch: 'validation.password.mismatch',
  invalidToastLevel: 'validation.invalidToastLevel',
  invalidEmail: 'validation.invalidEmail',
  invalidPhone: 'validation.invalidPhone',
  invalidRegion: 'validation.invalidRegion',
  invalidCaseType: 'validation.invalidCaseType',
  invalidCreatableCaseType: 'validation.invalidCreatableCaseType',
  invalidProgressStatus: 'validation.invalidProgressStatus',
  invalidRequestType: 'validation.invalidRequestType',
  invalidOfficeType: 'validation.invalidOfficeType',
  invalidOffice: 'validation.invalidOffice',
  invalidDate: 'validation.invalidDate',
  invalidLocale: 'validation.invalidLocale',
  invalidId: 'validation.invalidId',
  tooLong: 'validation.tooLong',
  invalidValue: 'validation.invalidValue',
  invalidUrl: 'validation.invalidUrl',
  invalidLanguage: 'validation.invalidLanguage',
  selectAtLeastOne: 'validation.selectAtLeastOne',
} as const;
export type ValidationMessage = (typeof ValidationMessage)[keyof typeof ValidationMessage];

/** A translatable message: an i18n key plus interpolation values. */
export interface MessageDescriptor {
  key: string;
  params?: Record<string, string | number>;
}

interface IssueLike {
  code: string;
  message: string;
  maximum?: unknown;
}

/**
 * Turns a zod issue into an i18n key with parameters. Schema messages are already keys;
 * issues zod raises on its own (wrong type, too long) fall back to generic keys.
 */
export function describeIssue(issue: IssueLike): MessageDescriptor {
  if (issue.message.startsWith('validation.')) {
    return issue.message === ValidationMessage.tooLong && typeof issue.maximum !== 'undefined'
      ? { key: issue.message, params: { max: Number(issue.maximum) } }
      : { key: issue.message };
  }
  if (issue.code === 'too_big' && typeof issue.maximum !== 'undefined') {
    return { key: ValidationMessage.tooLong, params: { max: Number(issue.maximum) } };
  }
  return { key: ValidationMessage.invalidValue };
}
