import { createHmac, randomBytes } from 'node:crypto';
import * as cognito from 'amazon-cognito-identity-js';
import { describe, expect, it } from 'vitest';
import {
  N,
  createPasswordVerifier,
  createServerEphemeral,
  formatSrpTimestamp,
  padHex,
  parsePublicA,
  parseSrpTimestamp,
  verifyPasswordClaim,
} from '../../src/identity/srp.js';

/** The library's own big integers, reached through an instance (the class is not exported). */
interface LibraryBigInteger {
  toString(radix: number): string;
}
interface LibraryHelper {
  N: LibraryBigInteger;
  padHex(value: LibraryBigInteger): string;
  getLargeAValue(callback: (error: unknown, value: LibraryBigInteger) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    serverB: LibraryBigInteger,
    salt: LibraryBigInteger,
    callback: (error: unknown, hkdf: Uint8Array) => void,
  ): void;
}

// Exported by the library at run time but missing from its type declarations.
const { AuthenticationHelper, DateHelper } = cognito as unknown as {
  AuthenticationHelper: new (poolName: string) => LibraryHelper;
  DateHelper: new () => { getNowString(): string };
};

function libraryBigInteger(helper: LibraryHelper, hex: string): LibraryBigInteger {
  const BigInteger = (
    helper.N as unknown as { constructor: new (hex: string, radix: number) => LibraryBigInteger }
  ).constructor;
  return new BigInteger(hex, 16);
}

/** What amazon-cognito-identity-js computes on the client side for PASSWORD_VERIFIER. */
function clientClaim(
  poolName: string,
  userId: string,
  password: string,
  salt: string,
  serverB: string,
  secretBlock: string,
  timestamp: string,
) {
  const helper = new AuthenticationHelper(poolName);
  let publicA = '';
  helper.getLargeAValue((_error, value) => {
    publicA = value.toString(16);
  });
  let signature = '';
  helper.getPasswordAuthenticationKey(
    userId,
    password,
    libraryBigInteger(helper, serverB),
    libraryBigInteger(helper, salt),
    (_error, hkdf) => {
      signature = createHmac('sha256', Buffer.from(hkdf))
        .update(
          Buffer.concat([
            Buffer.from(poolName),
            Buffer.from(userId),
            Buffer.from(secretBlock, 'base64'),
            Buffer.from(timestamp),
          ]),
        )
        .digest('base64');
    },
  );
  return { publicA, signature };
}

describe('SRP against the real client library', () => {
  const poolName = 'LocalRegular';
  const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('accepts the claim of a client that knows the password', () => {
    for (let round = 0; round < 3; round += 1) {
      const { salt, verifier } = createPasswordVerifier(poolName, userId, 'Demo-Pass1');
      const ephemeral = createServerEphemeral(verifier);
      const secretBlock = randomBytes(64).toString('base64');
      const timestamp = new DateHelper().getNowString();
      const { publicA, signature } = clientClaim(
        poolName,
        userId,
        'Demo-Pass1',
        salt,
        ephemeral.public,
        secretBlock,
        timestamp,
      );
      const claim = {
        poolName,
        userIdForSrp: userId,
        verifier,
        publicA,
        secretB: ephemeral.secret,
        publicB: ephemeral.public,
        secretBlock,
        timestamp,
        signature,
      };
      expect(verifyPasswordClaim(claim)).toBe(true);
      // Any change to what was signed breaks it.
      expect(verifyPasswordClaim({ ...claim, timestamp: `${timestamp} ` })).toBe(false);
      expect(verifyPasswordClaim({ ...claim, secretBlock: randomBytes(64).toString('base64') })).toBe(false);
      expect(verifyPasswordClaim({ ...claim, userIdForSrp: `${userId}x` })).toBe(false);
    }
  });

  it('refuses a client with the wrong password', () => {
    const { salt, verifier } = createPasswordVerifier(poolName, userId, 'Demo-Pass1');
    const ephemeral = createServerEphemeral(verifier);
    const secretBlock = randomBytes(64).toString('base64');
    const timestamp = new DateHelper().getNowString();
    const { publicA, signature } = clientClaim(
      poolName,
      userId,
      'Demo-Pass2',
      salt,
      ephemeral.public,
      secretBlock,
      timestamp,
    );
    expect(
      verifyPasswordClaim({
        poolName,
        userIdForSrp: userId,
        verifier,
        publicA,
        secretB: ephemeral.secret,
        publicB: ephemeral.public,
        secretBlock,
        timestamp,
        signature,
      }),
    ).toBe(false);
  });

  it('pads hex exactly like the library', () => {
    const helper = new AuthenticationHelper(poolName);
    for (const hex of [
      '1',
      'f',
      '80',
      '7f',
      '0100',
      'abc',
      N.toString(16),
      randomBytes(33).toString('hex'),
    ]) {
      expect(padHex(BigInt(`0x${hex}`))).toBe(helper.padHex(libraryBigInteger(helper, hex)));
    }
  });

  it('rejects A = 0 mod N and junk', () => {
    expect(parsePublicA('0')).toBeUndefined();
    expect(parsePublicA(N.toString(16))).toBeUndefined();
    expect(parsePublicA((N * 2n).toString(16))).toBeUndefined();
    expect(parsePublicA('xyz')).toBeUndefined();
    expect(parsePublicA('a'.repeat(2000))).toBeUndefined();
    expect(parsePublicA('abc123')).toBe(0xabc123n);
  });

  it('reads and writes the client TIMESTAMP format', () => {
    const now = new Date();
    now.setUTCMilliseconds(0);
    const text = new DateHelper().getNowString();
    expect(Math.abs(parseSrpTimestamp(text)!.getTime() - now.getTime())).toBeLessThan(2000);
    expect(formatSrpTimestamp(new Date(Date.UTC(2026, 10, 1, 6, 3, 9)))).toBe('Sun Nov 1 06:03:09 UTC 2026');
    expect(parseSrpTimestamp('Sun Nov 1 06:03:09 UTC 2026')?.toISOString()).toBe('2026-11-01T06:03:09.000Z');
    expect(parseSrpTimestamp('Mon Nov 1 06:03:09 UTC 2026')).toBeUndefined();
    expect(parseSrpTimestamp('2026-11-01T06:03:09Z')).toBeUndefined();
  });
});
