/**
 * One-time codes mailed for sign-up confirmation and password reset: 6 digits, single use,
 * expiring, a limited number of attempts, and only a salted hash stored.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export type CodePurpose = 'signup' | 'reset';

export interface CodePolicy {
  /** How long a code is valid, per purpose. */
  ttlSeconds: Record<CodePurpose, number>;
  /** Wrong guesses allowed per code; the code dies on the last one. */
  maxAttempts: number;
  /** Minimum time between two mails of the same purpose to one user. */
  resendIntervalSeconds: number;
  /** At most this many mails of one purpose to one user per hour. */
  maxSendsPerHour: number;
}

export const defaultCodePolicy: CodePolicy = {
  ttlSeconds: { signup: 24 * 60 * 60, reset: 60 * 60 },
  maxAttempts: 5,
  resendIntervalSeconds: 60,
  maxSendsPerHour: 5,
};

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * `salt$hmac`. A six-digit code cannot resist an offline search whatever the hash; the salt keeps
 * equal codes from looking equal and the attempt limit is what protects a code online.
 */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${createHmac('sha256', salt).update(code, 'utf8').digest('hex')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, digest] = stored.split('$');
  if (!salt || !digest) return false;
  const expected = Buffer.from(digest, 'hex');
  const actual = createHmac('sha256', salt).update(code.trim(), 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
