/**
 * RS256 JWTs shaped like Cognito's ID and access tokens (claims per the protocol doc), signed with
 * node:crypto. Opaque refresh tokens and other random secrets, stored only as hashes.
 */
import { createHash, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export function signJwt(payload: Record<string, unknown>, key: SigningKey): string {
  const header = base64url(JSON.stringify({ kid: key.kid, alg: 'RS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${body}`), key.privateKey);
  return `${header}.${body}.${base64url(signature)}`;
}

/** Payload of a JWT without checking anything; only for tokens already verified or our own. */
export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (part === undefined) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A random secret for the wire (refresh tokens, auth sessions): 256 bits, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque secrets are stored: SHA-256 hex. They carry 256 bits of entropy, so no salt or stretching is needed. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The user as tokens describe them. */
export interface TokenSubject {
  sub: string;
  email: string;
  emailVerified: boolean;
  attributes: Record<string, string>;
}

export interface TokenContext {
  issuer: string;
  clientId: string;
  /** Seconds since the epoch of the sign-in that started this session (kept across refreshes). */
  authTime: number;
  /** Identifies the sign-in session; shared by every token issued from one refresh token. */
  originJti: string;
  now: number;
  accessTokenTtlSeconds: number;
  idTokenTtlSeconds: number;
}

export interface IssuedTokens {
  idToken: string;
  accessToken: string;
}

/**
 * Attributes that go into the ID token besides the fixed claims. `locale` (Cognito's standard
 * attribute) is the language of the sign-up page: the portal user row takes it on first sight.
 */
const idTokenAttributes = ['name', 'address', 'phone_number', 'locale'] as const;

export function issueTokens(subject: TokenSubject, context: TokenContext, key: SigningKey): IssuedTokens {
  const common = {
    sub: subject.sub,
    iss: context.issuer,
    auth_time: context.authTime,
    iat: context.now,
    origin_jti: context.originJti,
  };
  const custom = Object.fromEntries(
    Object.entries(subject.attributes).filter(([name]) => name.startsWith('custom:')),
  );
  const standard = Object.fromEntries(
    idTokenAttributes.flatMap((name) =>
      subject.attributes[name] === undefined ? [] : [[name, subject.attributes[name]]],
    ),
  );
  const idToken = signJwt(
    {
      ...common,
      aud: context.clientId,
      token_use: 'id',
      'cognito:username': subject.sub,
      'cognito:groups': [],
      email: subject.email,
      email_verified: subject.emailVerified,
      ...standard,
      ...custom,
      exp: context.now + context.idTokenTtlSeconds,
      jti: randomUUID(),
    },
    key,
  );
  const accessToken = signJwt(
    {
      ...common,
      client_id: context.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: subject.sub,
      exp: context.now + context.accessTokenTtlSeconds,
      jti: randomUUID(),
    },
    key,
  );
  return { idToken, accessToken };
}
