import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  datePickerYearRange,
  datePickerYears,
  monthGrid,
  parseIsoDate,
  toIsoDate,
} from '../src/index.js';

describe('date picker year range', () => {
  it('spans 100 years back and 52 ahead', () => {
    expect(datePickerYearRange(new Date(2026, 10, 23))).toEqual({ first: 1926, last: 2078 });
    const years = datePickerYears(new Date(2026, 0, 1));
    expect(years).toHaveLength(153);
    expect(years[0]).toBe(1926);
    expect(years.at(-1)).toBe(2078);
  });
});

describe('month grid', () => {
  it('always has exactly 6 weeks', () => {
    for (let month = 0; month < 12; month += 1) {
      expect(monthGrid(2026, month)).toHaveLength(calendarWeeks * 7);
    }
  });

  it('starts on the Sunday of the week holding the 1st', () => {
    // 1 November 2026 is a Sunday: the grid starts on it and ends on 12 December.
    const grid = monthGrid(2026, 10).map(toIsoDate);
    expect(grid[0]).toBe('2026-11-01');
    expect(grid.at(-1)).toBe('2026-12-12');
  });

  it('spills into the previous month and can start on Monday', () => {
    // 1 February 2026 is a Sunday; with Monday starts the grid begins on 26 January.
    expect(toIsoDate(monthGrid(2026, 1, 1)[0]!)).toBe('2026-01-26');
    // February 2015 fits in 4 weeks, yet the grid still shows 6.
    const feb2015 = monthGrid(2015, 1);
    expect(toIsoDate(feb2015[0]!)).toBe('2015-02-01');
    expect(toIsoDate(feb2015.at(-1)!)).toBe('2015-03-14');
  });
});

describe('ISO calendar dates', () => {
  it('round-trips without shifting the day', () => {
    expect(toIsoDate(parseIsoDate('2024-02-29')!)).toBe('2024-02-29');
    expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it.each(['2023-02-29', '2026-13-01', '2026-1-5', 'tomorrow', ''])('rejects %j', (value) => {
    expect(parseIsoDate(value)).toBeUndefined();
  });
});
