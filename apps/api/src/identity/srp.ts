/**
 * Server side of Cognito's SRP-6a variant (USER_SRP_AUTH), as amazon-cognito-identity-js speaks it.
 * The SRP-6a exchange as amazon-cognito-identity-js performs it (apps/api/src/identity/README.md).
 * Pure functions over bigint; no I/O.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 5054 3072-bit group prime (the client library's `initN`). */
export const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
    '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
    'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
    'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
    '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
    'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
    'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
    'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
    '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

/** The largest SRP_A we parse: N is 768 hex digits; anything much longer is garbage or abuse. */
const maxPublicValueHexLength = 1024;

/** Lower-case hex, even length, `00` prepended when the top nibble is 8..f (the client's padHex for non-negative values). */
export function padHex(value: bigint): string {
  if (value < 0n) throw new RangeError('padHex takes non-negative values only');
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of a UTF-8 string or bytes, as 64 hex digits. */
export function hash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of the bytes a hex string stands for. */
export function hexHash(hex: string): string {
  return hash(Buffer.from(hex, 'hex'));
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export const k = BigInt(`0x${hexHash(padHex(N) + padHex(g))}`);

function randomBigInt(bytes: number): bigint {
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`);
}

/** x = H(padHex(salt) ‖ H(poolName ‖ userId ‖ ":" ‖ password)); the salt enters as padHex of its integer value. */
function computeX(poolName: string, userIdForSrp: string, password: string, saltHex: string): bigint {
  const inner = hash(`${poolName}${userIdForSrp}:${password}`);
  return BigInt(`0x${hexHash(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

export interface PasswordVerifier {
  /** Hex of the random salt, sent to the client as SALT. */
  salt: string;
  /** Hex of v = g^x mod N. */
  verifier: string;
}

/** Derives what the server stores instead of the password. */
export function createPasswordVerifier(
  poolName: string,
  userIdForSrp: string,
  password: string,
): PasswordVerifier {
  const salt = randomBytes(16).toString('hex');
  return { salt, verifier: computeVerifier(poolName, userIdForSrp, password, salt) };
}

export function computeVerifier(
  poolName: string,
  userIdForSrp: string,
  password: string,
  saltHex: string,
): string {
  return modPow(g, computeX(poolName, userIdForSrp, password, saltHex), N).toString(16);
}

/** Parses a client's SRP_A; undefined when malformed or A mod N = 0 (which would let anyone in). */
export function parsePublicA(hex: unknown): bigint | undefined {
  if (
    typeof hex !== 'string' ||
    hex.length === 0 ||
    hex.length > maxPublicValueHexLength ||
    !/^[0-9a-fA-F]+$/.test(hex)
  ) {
    return undefined;
  }
  const A = BigInt(`0x${hex}`);
  return A % N === 0n ? undefined : A;
}

export interface ServerEphemeral {
  /** Secret b, hex. Kept server-side with the auth session only. */
  secret: string;
  /** Public B = (k·v + g^b) mod N, hex (sent as SRP_B). */
  public: string;
}

export function createServerEphemeral(verifierHex: string): ServerEphemeral {
  const v = BigInt(`0x${verifierHex}`);
  // RFC 5054 asks for at least 256 random bits; B = 0 mod N is astronomically unlikely but checked anyway.
  for (;;) {
    const b = randomBigInt(32);
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { secret: b.toString(16), public: B.toString(16) };
  }
}

/** HKDF as the client computes it: PRK = HMAC(u, S); K = first 16 bytes of HMAC(PRK, "Caldera Derived Key" ‖ 0x01). */
function deriveKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

export interface PasswordClaim {
  poolName: string;
  userIdForSrp: string;
  verifier: string;
  /** Client's A, hex. */
  publicA: string;
  /** Server's b and B, hex. */
  secretB: string;
  publicB: string;
  /** SECRET_BLOCK as issued (base64). */
  secretBlock: string;
  timestamp: string;
  /** PASSWORD_CLAIM_SIGNATURE (base64). */
  signature: string;
}

/** Checks the client's PASSWORD_CLAIM_SIGNATURE; constant-time on the signature bytes. */
export function verifyPasswordClaim(claim: PasswordClaim): boolean {
  const A = parsePublicA(claim.publicA);
  if (A === undefined) return false;
  const B = BigInt(`0x${claim.publicB}`);
  const u = BigInt(`0x${hexHash(padHex(A) + padHex(B))}`);
  if (u === 0n) return false;
  const v = BigInt(`0x${claim.verifier}`);
  const b = BigInt(`0x${claim.secretB}`);
  const S = modPow((A * modPow(v, u, N)) % N, b, N);
  const key = deriveKey(S, u);
  const expected = createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(claim.poolName, 'utf8'),
        Buffer.from(claim.userIdForSrp, 'utf8'),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(claim.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Formats an instant the way the client writes TIMESTAMP: `ddd MMM D HH:mm:ss UTC YYYY`. */
export function formatSrpTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${weekdayNames[date.getUTCDay()]} ${monthNames[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

/** Parses a TIMESTAMP in the client's format; undefined when it is not one. */
export function parseSrpTimestamp(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const match =
    /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(
      value,
    );
  if (!match) return undefined;
  const [, , monthName, day, hours, minutes, seconds, year] = match;
  const month = monthNames.indexOf(monthName!);
  if (month < 0) return undefined;
  const date = new Date(
    Date.UTC(Number(year), month, Number(day), Number(hours), Number(minutes), Number(seconds)),
  );
  return formatSrpTimestamp(date) === value ? date : undefined;
}
