import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  format,
  isAfter,
  isBefore,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import styled, { useTheme } from 'styled-components';
import { dateFnsLocales } from '../../i18n/date-locales';
import { useUiText } from '../../i18n';
import { useControllableState } from '../../internal/use-controllable';
import { calendarDays, isDateSelectable } from './calendar-utils';
import type { DateConstraints } from './calendar-utils';

export interface CalendarProps extends DateConstraints {
  /** Month shown (any day in it); controlled. */
  month?: Date;
  /** Initial month when uncontrolled; defaults to the first selected day or today. */
  defaultMonth?: Date;
  /** Called when keyboard navigation leaves the shown month. */
  onMonthChange?: (month: Date) => void;
  /** Selected days. */
  selected?: readonly Date[];
  /** Highlights the days between two dates (range selection). */
  range?: { start: Date | null; end: Date | null };
  /** Called when a selectable day is chosen (click, Enter or Space). */
  onSelect?: (date: Date) => void;
  /** Today (for the "today" mark and the default month). Defaults to the current date. */
  today?: Date;
  /** First day of the week: 0 Sunday (Japanese calendars), 1 Monday. */
  weekStartsOn?: 0 | 1;
  /** Moves focus into the grid on mount (used by DatePicker when it opens). */
  autoFocus?: boolean;
  /** Accessible name of the grid; defaults to the month heading. */
  label?: string;
  className?: string;
}

const Grid = styled.table`
  border-collapse: collapse;
  table-layout: fixed;
  font-variant-numeric: tabular-nums;
`;

const Weekday = styled.th`
  width: 40px;
  height: 32px;
  padding: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  & abbr {
    text-decoration: none;
  }
`;

const Cell = styled.td`
  padding: 1px;
  text-align: center;
`;

const Day = styled.button<{ $outside: boolean; $inRange: boolean; $today: boolean }>`
  width: 38px;
  height: 38px;
  padding: 0;
  border: 1px solid ${({ theme, $today }) => ($today ? theme.colors.primary : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $inRange }) => ($inRange ? theme.colors.primarySubtle : 'transparent')};
  color: ${({ theme, $outside }) => ($outside ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-weight: ${({ theme, $today }) => ($today ? theme.typography.fontWeight.bold : theme.typography.fontWeight.regular)};
  cursor: pointer;
  &:hover:not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.surfaceSelected};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.textOnPrimary};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
  &[aria-disabled='true'] {
    color: ${({ theme }) => theme.colors.textDisabled};
    text-decoration: line-through;
    cursor: not-allowed;
  }
`;

/**
 * A static month grid that always shows six weeks (42 days), with Japanese or English weekday
 * names from date-fns. Keyboard: arrows move by day/week, Home/End to the week's start/end,
 * PageUp/PageDown by month, Shift+PageUp/PageDown by year, Enter/Space choose.
 */
export function Calendar({
  month,
  defaultMonth,
  onMonthChange,
  selected = [],
  range,
  onSelect,
  min,
  max,
  isDateAllowed,
  today: todayProp,
  weekStartsOn = 0,
  autoFocus = false,
  label,
  className,
}: CalendarProps) {
  const theme = useTheme();
  const { locale, texts } = useUiText();
  const dateLocale = dateFnsLocales[locale];
  const today = startOfDay(todayProp ?? new Date());
  const [shownMonth, setShownMonth] = useControllableState(
    month ? startOfMonth(month) : undefined,
    startOfMonth(defaultMonth ?? selected[0] ?? today),
    onMonthChange,
  );
  const days = calendarDays(shownMonth, weekStartsOn, theme.dateLimits.calendarWeeks);
  const [focused, setFocused] = useState<Date | null>(null);
  const pendingFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // The roving tab stop: the day last focused, else a selected day in view, else today, else the 1st.
  const inMonth = (d: Date) => isSameMonth(d, shownMonth);
  const tabStop =
    (focused && inMonth(focused) ? focused : undefined) ??
    selected.find(inMonth) ??
    (inMonth(today) ? today : undefined) ??
    startOfMonth(shownMonth);

  useEffect(() => {
    if (autoFocus) gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [autoFocus]);

  // After keyboard navigation re-renders the grid, move DOM focus to the new tab stop.
  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const constraints = { min, max, isDateAllowed };
  const rangeStart = range?.start ?? null;
  const rangeEnd = range?.end ?? null;
  const inRange = (d: Date) =>
    rangeStart !== null &&
    rangeEnd !== null &&
    !isBefore(d, startOfDay(rangeStart)) &&
    !isAfter(d, startOfDay(rangeEnd));

  const moveFocus = (to: Date) => {
    setFocused(to);
    if (!isSameMonth(to, shownMonth)) setShownMonth(startOfMonth(to));
    pendingFocus.current = true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    let next: Date;
    switch (event.key) {
      case 'ArrowLeft':
        next = addDays(day, -1);
        break;
      case 'ArrowRight':
        next = addDays(day, 1);
        break;
      case 'ArrowUp':
        next = addDays(day, -7);
        break;
      case 'ArrowDown':
        next = addDays(day, 7);
        break;
      case 'Home':
        next = startOfWeek(day, { weekStartsOn });
        break;
      case 'End':
        next = startOfDay(endOfWeek(day, { weekStartsOn }));
        break;
      case 'PageUp':
        next = event.shiftKey ? addYears(day, -1) : addMonths(day, -1);
        break;
      case 'PageDown':
        next = event.shiftKey ? addYears(day, 1) : addMonths(day, 1);
        break;
      default:
        return;
    }
    event.preventDefault();
    moveFocus(next);
  };

  const weekdays = days.slice(0, 7);
  const heading = format(shownMonth, texts.monthHeadingFormat, { locale: dateLocale });

  return (
    <Grid ref={gridRef} role="grid" aria-label={label ?? heading} className={className}>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <Weekday key={d.getDay()} scope="col">
              <abbr title={format(d, 'EEEE', { locale: dateLocale })}>
                {format(d, 'EEEEEE', { locale: dateLocale })}
              </abbr>
            </Weekday>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: days.length / 7 }, (_, week) => (
          <tr key={week}>
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const isSelected = selected.some((s) => isSameDay(s, day));
              const selectable = isDateSelectable(day, constraints);
              const isFocusStop = isSameDay(day, tabStop);
              return (
                <Cell key={day.toISOString()} role="gridcell" aria-selected={isSelected}>
                  <Day
                    type="button"
                    data-date={format(day, 'yyyy-MM-dd')}
                    tabIndex={isFocusStop ? 0 : -1}
                    aria-label={format(day, texts.dayLabelFormat, { locale: dateLocale })}
                    aria-pressed={isSelected}
                    aria-disabled={selectable ? undefined : true}
                    aria-current={isSameDay(day, today) ? 'date' : undefined}
                    $outside={!isSameMonth(day, shownMonth)}
                    $inRange={inRange(day) && !isSelected}
                    $today={isSameDay(day, today)}
                    onClick={() => {
                      if (!selectable) return;
                      if (!isSameMonth(day, shownMonth)) setShownMonth(startOfMonth(day));
                      onSelect?.(startOfDay(day));
                    }}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    onFocus={() => {
                      if (!focused || !isSameDay(focused, day)) setFocused(day);
                    }}
                  >
                    {day.getDate()}
                  </Day>
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Grid>
  );
}
