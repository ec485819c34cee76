import { z } from 'zod';
import { ValidationMessage } from './messages.js';

/** Symbols allowed in a password besides ASCII letters and digits (the sign-up password policy). */
export const passwordSymbols = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

export const passwordMinLength = 8;

const allowedCharacters = new Set([
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'0123456789',
  ...passwordSymbols,
]);

/** The rules a password must meet, each with its message key, for live hints in forms. */
export const passwordRules: readonly { key: ValidationMessage; test: (password: string) => boolean }[] = [
  { key: ValidationMessage.passwordTooShort, test: (p) => [...p].length >= passwordMinLength },
  { key: ValidationMessage.passwordNeedsUpper, test: (p) => /[A-Z]/.test(p) },
  { key: ValidationMessage.passwordNeedsLower, test: (p) => /[a-z]/.test(p) },
  { key: ValidationMessage.passwordNeedsDigit, test: (p) => /\d/.test(p) },
  {
    key: ValidationMessage.passwordInvalidCharacter,
    test: (p) => [...p].every((c) => allowedCharacters.has(c)),
  },
];

export const passwordSchema = z
  .string({ error: ValidationMessage.required })
  .min(1, { error: ValidationMessage.required, abort: true })
  .superRefine((password, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(password)) ctx.addIssue({ code: 'custom', message: rule.key });
    }
  });
