import { refuse, type ProjectSortField, type Refused } from '@ipportal/domain';

/**
 * The opaque cursor of the matter list: the sort it was issued for and the last row's sort key
 * and id, as base64url JSON. Pure.
 */
export interface Cursor {
  sort: ProjectSortField;
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id])).toString(
    'base64url',
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor, or invalidCursor for anything the server did not issue for this sort and order. */
export function decodeCursor(
  raw: string,
  sort: ProjectSortField,
  order: 'asc' | 'desc',
): Cursor | Refused<'invalidCursor'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return refuse('invalidCursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return refuse('invalidCursor');
  const [cSort, cOrder, value, id] = parsed as unknown[];
  // A cursor belongs to the sort it was issued for; anything else would skip or repeat rows.
  if (cSort !== sort || cOrder !== order) return refuse('invalidCursor');
  if (typeof id !== 'string' || !uuidPattern.test(id)) return refuse('invalidCursor');
  if (typeof value !== 'string' && typeof value !== 'number') return refuse('invalidCursor');
  if (typeof value === 'string' && value.length > 400) return refuse('invalidCursor');
  return { sort, order, value, id };
}
