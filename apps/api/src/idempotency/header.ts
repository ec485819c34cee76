import { parseItem, Token } from 'structured-headers';

/** The header a client sends with a creating POST, as the IETF httpapi draft names it. */
export const idempotencyKeyHeader = 'idempotency-key';

/**
 * Printable ASCII without spaces, quotes or backslashes, as a UUID, a ULID or any opaque key a
 * client makes.
 */
const plainKey = /^[\x21\x23-\x5b\x5d-\x7e]{1,255}$/;

/** A request's key, or that its header was not a key. */
export type ParsedKey = { key: string } | { invalid: true };

/**
 * The key of an `Idempotency-Key` header: a Structured Field string (`"8e03…"`), as the draft
 * defines it, or the bare form many clients send (`8e03…`). Undefined without the header;
 * invalid for anything else (a list, an empty or over-long key, several headers).
 */
export function parseIdempotencyKey(header: string | string[] | undefined): ParsedKey | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) return { invalid: true };
  let value: unknown;
  try {
    value = parseItem(header)[0] as unknown;
  } catch {
    value = header.trim();
  }
  if (value instanceof Token) value = value.toString();
  return typeof value === 'string' && plainKey.test(value) ? { key: value } : { invalid: true };
}
