import { describe, expect, it } from 'vitest';
import { makeProject } from '../test-support';
import { pageOffsetOf, pageOffsetsFor, viewportRows } from './viewport-pages';

describe('viewport pages', () => {
  it('asks for the first page and the pages of the rows in view, none in between', () => {
    expect(pageOffsetsFor({ start: -1, end: -1 }, 100, undefined)).toEqual([0]);
    expect(pageOffsetsFor({ start: 0, end: 17 }, 100, 100_000)).toEqual([0]);
    expect(pageOffsetsFor({ start: 95, end: 112 }, 100, 100_000)).toEqual([0, 100]);
    expect(pageOffsetsFor({ start: 99_982, end: 99_999 }, 100, 100_000)).toEqual([0, 99_900]);
    // A range beyond the end (the view shrank) stops at the last row.
    expect(pageOffsetsFor({ start: 480, end: 520 }, 100, 450)).toEqual([0, 400]);
    expect(pageOffsetOf(99_999, 100)).toBe(99_900);
    expect(pageOffsetOf(-3, 100)).toBe(0);
  });

  it('places loaded pages at their positions, placeholders elsewhere, reusing row objects', () => {
    const first = [makeProject({ refrenceCode: 'A' }), makeProject({ refrenceCode: 'B' })];
    const last = [makeProject({ refrenceCode: 'Y' }), makeProject({ refrenceCode: 'Z' })];
    const pages = new Map([
      [0, first],
      [8, last],
    ]);
    const rows = viewportRows(10, pages);
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.project?.refrenceCode ?? null)).toEqual([
      'A',
      'B',
      null,
      null,
      null,
      null,
      null,
      null,
      'Y',
      'Z',
    ]);
    expect(rows.map((row) => row.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const again = viewportRows(10, new Map([[0, first]]));
    expect(again[0]).toBe(rows[0]);
    expect(again[5]).toBe(rows[5]);
    expect(again[9]!.project).toBeNull();
  });
});
