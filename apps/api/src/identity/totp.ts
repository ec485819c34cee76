/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps and Cognito's software token
 * MFA use them: SHA-1, 6 digits, 30-second steps, a 160-bit secret in base32. The arithmetic is
 * the `otpauth` library's; this file only fixes the parameters and reports which time step a
 * code belongs to, so the caller can refuse a code used before (replay).
 */
import { Secret, TOTP } from 'otpauth';

export const totpPeriodSeconds = 30;
/** Codes of the step before and after are accepted too: a phone's clock may be a little off. */
const acceptedDriftSteps = 1;

/** A new random secret, base32 (the `SecretCode` of AssociateSoftwareToken). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
  });
}

/** The time step (counter) of the code if it is valid at `now`, else undefined. */
export function totpStepOf(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: acceptedDriftSteps });
  if (delta === null) return undefined;
  return TOTP.counter({ period: totpPeriodSeconds, timestamp }) + delta;
}

/** The code an authenticator shows at `now` (tests, and the seed's documentation of a demo user). */
export function totpCodeAt(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}
