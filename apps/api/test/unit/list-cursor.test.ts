import { describe, expect, test } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/repositories/projects/list-cursor.js';

const id = '00000000-0000-4000-8000-000000000001';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the matter list cursor', () => {
  test('decodes what it encoded, for the same sort and order', () => {
    const cursor = { sort: 'title' as const, order: 'asc' as const, value: 'Matter 3', id };
    expect(decodeCursor(encodeCursor(cursor), 'title', 'asc')).toEqual(cursor);
    const counted = { sort: 'requestCount' as const, order: 'desc' as const, value: 4, id };
    expect(decodeCursor(encodeCursor(counted), 'requestCount', 'desc')).toEqual(counted);
  });

  test.each([
    ['not base64url JSON', '%%%'],
    ['not a four-item array', raw(['title', 'asc', 'x'])],
    ['issued for another sort', raw(['updateDate', 'asc', 'x', id])],
    ['issued for another order', raw(['title', 'desc', 'x', id])],
    ['an id that is no uuid', raw(['title', 'asc', 'x', 'nope'])],
    ['a value that is neither text nor number', raw(['title', 'asc', { x: 1 }, id])],
    ['a value over 400 characters', raw(['title', 'asc', 'x'.repeat(401), id])],
  ])('%s is refused as invalidCursor', (_name, cursor) => {
    expect(decodeCursor(cursor, 'title', 'asc')).toEqual({ refused: 'invalidCursor' });
  });
});
