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
  phoneCharacters: 'validation.phoneCharacters',
  invalidNumber: 'validation.invalidNumber',
  /** A number whose text is still not one after normalizing: it asks for half-width digits. */
  halfWidthNumber: 'validation.halfWidthNumber',
  integerRange: 'validation.integerRange',
  numberRange: 'validation.numberRange',
  invalidRegion: 'validation.invalidRegion',
  invalidCaseType: 'validation.invalidCaseType',
  invalidCreatableCaseType: 'validation.invalidCreatableCaseType',
  invalidProgressStatus: 'validation.invalidProgressStatus',
  invalidRequestType: 'validation.invalidRequestType',
  invalidOfficeType: 'validation.invalidOfficeType',
  invalidOffice: 'validation.invalidOffice',
  invalidDate: 'validation.invalidDate',
  futureDate: 'validation.futureDate',
  invalidLocale: 'validation.invalidLocale',
  invalidId: 'validation.invalidId',
  tooLong: 'validation.tooLong',
  invalidValue: 'validation.invalidValue',
  invalidUrl: 'validation.invalidUrl',
  invalidLanguage: 'validation.invalidLanguage',
  selectAtLeastOne: 'validation.selectAtLeastOne',
  invalidCurrency: 'validation.invalidCurrency',
  wholeYen: 'validation.wholeYen',
  exchangeRateRequired: 'validation.exchangeRateRequired',
  invalidQualifiedInvoiceNumber: 'validation.invalidQualifiedInvoiceNumber',
  invalidEpcState: 'validation.invalidEpcState',
  duplicateEpcState: 'validation.duplicateEpcState',
  unitaryStateValidated: 'validation.unitaryStateValidated',
  /** An exchange rate: yen per unit, more than 0, up to 4 decimals. */
  positiveRate: 'validation.positiveRate',
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
  /** The values a custom issue's message names (e.g. `{ min, max }` of a number range). */
  params?: unknown;
}

function messageParams(params: unknown): Record<string, string | number> | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Turns a zod issue into an i18n key with parameters. Schema messages are already keys (with
 * the values they name, for custom issues); issues zod raises on its own (wrong type, too long)
 * fall back to generic keys.
 */
export function describeIssue(issue: IssueLike): MessageDescriptor {
  if (issue.message.startsWith('validation.')) {
    if (issue.message === ValidationMessage.tooLong && typeof issue.maximum !== 'undefined') {
      return { key: issue.message, params: { max: Number(issue.maximum) } };
    }
    const params = messageParams(issue.params);
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  if (issue.code === 'too_big' && typeof issue.maximum !== 'undefined') {
    return { key: ValidationMessage.tooLong, params: { max: Number(issue.maximum) } };
  }
  return { key: ValidationMessage.invalidValue };
}
