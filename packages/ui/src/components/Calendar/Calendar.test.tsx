import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Calendar } from './Calendar';
import { calendarDays, yearRange } from './calendar-utils';

const today = new Date(2025, 3, 15);

describe('Calendar', () => {
  it('always has 42 days, for every month of several years', () => {
    for (let m = 0; m < 36; m += 1) {
      const days = calendarDays(new Date(2024, m, 1));
      expect(days).toHaveLength(42);
      expect(days[0]!.getDay()).toBe(0);
    }
    // February 2026 starts on a Sunday and fits in four weeks, yet six are shown.
    expect(calendarDays(new Date(2026, 1, 1))[0]).toEqual(new Date(2026, 1, 1));
  });

  it('renders 42 cells with Japanese weekday names and passes axe', async () => {
    renderUi(<Calendar today={today} defaultMonth={today} />);
    expect(screen.getAllByRole('gridcell')).toHaveLength(42);
    expect(screen.getByRole('grid', { name: '2025年4月' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '日',
      '月',
      '火',
      '水',
      '木',
      '金',
      '土',
    ]);
    await expectNoAxeViolations();
  });

  it('uses English names', () => {
    renderUi(<Calendar today={today} defaultMonth={today} />, { locale: 'en' });
    expect(screen.getByRole('grid', { name: 'April 2025' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Su');
    expect(screen.getByRole('button', { name: 'Tuesday 15 April 2025' })).toHaveAttribute(
      'aria-current',
      'date',
    );
  });

  it('navigates with the keyboard across months', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(<Calendar today={today} defaultMonth={today} onSelect={onSelect} />, {
      locale: 'en',
    });
    screen.getByRole('button', { name: / 15 April/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('grid', { name: 'May 2025' })).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName(/ 6 May 2025/);
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toHaveAccessibleName(/ 6 April 2025/);
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(document.activeElement).toHaveAccessibleName(/ 6 April 2026/);
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName(/ 5 April 2026/);
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName(/ 11 April 2026/);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(new Date(2026, 3, 11));
  });

  it('computes the year range', () => {
    expect(yearRange(today, 100, 52)).toEqual({ from: 1925, to: 2077 });
    expect(yearRange(today, 100, 52, { min: new Date(2000, 0, 1), max: new Date(2030, 0, 1) })).toEqual({
      from: 2000,
      to: 2030,
    });
  });
});
