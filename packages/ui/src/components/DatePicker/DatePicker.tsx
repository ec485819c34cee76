import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  addMonths,
  compareAsc,
  format,
  isAfter,
  isSameDay,
  setMonth,
  setYear,
  startOfDay,
  startOfMonth,
} from 'date-fns';
import styled, { useTheme } from 'styled-components';
import { dateFnsLocales } from '../../i18n/date-locales';
import { useTexts, useUiText } from '../../i18n';
import type { UiTexts } from '../../i18n';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '../../icons';
import { FieldFrame, describedBy, hasError, inputStyles } from '../../internal/Field';
import { usePopupPosition } from '../../internal/use-popup-position';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { Calendar } from '../Calendar/Calendar';
import { yearRange } from '../Calendar/calendar-utils';

/** A range of days; `end` is null while only the start has been picked. */
export interface DateRange {
  start: Date | null;
  end: Date | null;
}

export interface DatePickerBaseProps {
  /** Visible label. */
  label: ReactNode;
  /** Earliest selectable day (inclusive). */
  min?: Date;
  /** Latest selectable day (inclusive). */
  max?: Date;
  /** Returns false for days that cannot be chosen (e.g. weekends or office holidays). */
  isDateAllowed?: (date: Date) => boolean;
  /** Shows the required mark. */
  required?: boolean;
  /** Hint under the field. */
  helpText?: ReactNode;
  /** Error message; marks the field invalid. */
  error?: ReactNode;
  disabled?: boolean;
  /** Text of the empty field; defaults to the built-in "Choose date". */
  placeholder?: string;
  /** Today, for the year range and the "today" mark; defaults to now (inject it in tests). */
  today?: Date;
  /** First day of the week: 0 Sunday, 1 Monday. */
  weekStartsOn?: 0 | 1;
  /** Stretches to the container width. */
  fullWidth?: boolean;
  /** Overrides of built-in texts for this instance. */
  labels?: Partial<UiTexts>;
  id?: string;
  className?: string;
}

export interface SingleDatePickerProps extends DatePickerBaseProps {
  /** One day. */
  mode?: 'single';
  value: Date | null;
  onChange: (value: Date | null) => void;
}

export interface MultipleDatePickerProps extends DatePickerBaseProps {
  /** Any number of separate days; each click toggles a day. */
  mode: 'multiple';
  value: readonly Date[];
  onChange: (value: Date[]) => void;
}

export interface RangeDatePickerProps extends DatePickerBaseProps {
  /** A range: the first click sets the start, the second the end (swapped if earlier). */
  mode: 'range';
  value: DateRange;
  onChange: (value: DateRange) => void;
}

export type DatePickerProps = SingleDatePickerProps | MultipleDatePickerProps | RangeDatePickerProps;

const Wrap = styled.div`
  position: relative;
`;

const Trigger = styled.button<{ $invalid: boolean; $empty: boolean }>`
  ${inputStyles}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  text-align: left;
  cursor: pointer;
  color: ${({ theme, $empty }) => ($empty ? theme.colors.textMuted : theme.colors.text)};
  & > span {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Positioned by usePopupPosition: below the field, or above it when there is no room below. */
const Popover = styled.div`
  z-index: ${({ theme }) => theme.zIndex.popover};
  padding: ${({ theme }) => theme.space.md}px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  margin-bottom: ${({ theme }) => theme.space.sm}px;
`;

const HeaderSelect = styled.select`
  min-height: ${({ theme }) => theme.layout.controlHeight.sm}px;
  padding: 0 ${({ theme }) => theme.space.sm}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-top: ${({ theme }) => theme.space.sm}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FooterButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs}px;
  margin-left: auto;
`;

function selectedDays(props: DatePickerProps): Date[] {
  if (props.mode === 'multiple') return [...props.value];
  if (props.mode === 'range')
    return [props.value.start, props.value.end].filter((d): d is Date => d !== null);
  return props.value ? [props.value] : [];
}

/** Applies a click on `day` to a range: start, then end (ordered), then a new start. */
export function nextRange(current: DateRange, day: Date): DateRange {
  if (current.start === null || current.end !== null) return { start: day, end: null };
  return isAfter(current.start, day)
    ? { start: day, end: current.start }
    : { start: current.start, end: day };
}

/** Toggles `day` in a list of days, keeping it sorted. */
export function toggleDay(current: readonly Date[], day: Date): Date[] {
  const exists = current.some((d) => isSameDay(d, day));
  const next = exists ? current.filter((d) => !isSameDay(d, day)) : [...current, day];
  return next.sort(compareAsc);
}

/**
 * A date field with a calendar popup: single day, multiple days, or a range (mode "range" for
 * multiple selection). Honors min, max and an allowed-dates predicate; the year selector spans
 * 100 years back and 52 ahead. Month and weekday names follow the locale (date-fns ja / enUS).
 * Keyboard: Enter/Space/ArrowDown on the field opens it, the calendar grid is arrow-navigable,
 * Escape closes and returns focus to the field.
 */
export function DatePicker(props: DatePickerProps) {
  const {
    label,
    min,
    max,
    isDateAllowed,
    required,
    helpText,
    error,
    disabled,
    placeholder,
    today: todayProp,
    weekStartsOn = 0,
    fullWidth,
    labels,
    id: idProp,
    className,
  } = props;
  const theme = useTheme();
  const texts = useTexts(labels);
  const { locale } = useUiText();
  const dateLocale = dateFnsLocales[locale];
  const autoId = useId();
  const id = idProp ?? autoId;
  const today = startOfDay(todayProp ?? new Date());
  const selected = selectedDays(props);
  const [open, setOpen] = useState(false);
  const [month, setMonthState] = useState(() => startOfMonth(selected[0] ?? today));
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { setAnchor, setPopup, popupStyle } = usePopupPosition({ open });
  const setTriggerRef = useCallback(
    (el: HTMLButtonElement | null) => {
      triggerRef.current = el;
      setAnchor(el);
    },
    [setAnchor],
  );

  const years = yearRange(today, theme.dateLimits.yearsBack, theme.dateLimits.yearsAhead, { min, max });
  const clampMonth = (m: Date) => {
    const y = Math.min(Math.max(m.getFullYear(), years.from), years.to);
    return startOfMonth(setYear(m, y));
  };
  const showMonth = (m: Date) => setMonthState(clampMonth(m));

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const openPicker = () => {
    if (disabled) return;
    setMonthState(clampMonth(startOfMonth(selected[0] ?? today)));
    setOpen(true);
  };

  const onSelect = (day: Date) => {
    if (props.mode === 'multiple') {
      props.onChange(toggleDay(props.value, day));
    } else if (props.mode === 'range') {
      const next = nextRange(props.value, day);
      props.onChange(next);
      if (next.end !== null) close();
    } else {
      props.onChange(day);
      close();
    }
  };

  const fmt = (d: Date) => format(d, texts.dateFormat, { locale: dateLocale });
  let display = '';
  if (props.mode === 'range') {
    const { start, end } = props.value;
    if (start) display = `${fmt(start)} – ${end ? fmt(end) : ''}`;
  } else if (selected.length > 3) {
    display = `${selected.slice(0, 2).map(fmt).join(', ')} … (${texts.selectedDates(selected.length)})`;
  } else {
    display = selected.map(fmt).join(', ');
  }

  const yearOptions = Array.from({ length: years.to - years.from + 1 }, (_, i) => years.from + i);
  const monthNames = Array.from({ length: 12 }, (_, m) =>
    format(new Date(2000, m, 1), 'LLLL', { locale: dateLocale }),
  );
  const prevMonth = addMonths(month, -1);
  const nextMonth = addMonths(month, 1);
  const canPrev = prevMonth.getFullYear() >= years.from && (!min || !isAfter(startOfMonth(min), prevMonth));
  const canNext = nextMonth.getFullYear() <= years.to && (!max || !isAfter(nextMonth, max));
  const popoverId = `${id}-popover`;
  const valueId = `${id}-value`;

  const clear = () => {
    if (props.mode === 'multiple') props.onChange([]);
    else if (props.mode === 'range') props.onChange({ start: null, end: null });
    else props.onChange(null);
  };

  return (
    <FieldFrame
      id={id}
      label={label}
      labelAs="span"
      required={required}
      helpText={helpText}
      error={error}
      fullWidth={fullWidth}
      className={className}
    >
      <Wrap ref={wrapRef}>
        <Trigger
          ref={setTriggerRef}
          id={id}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          aria-labelledby={[`${id}-label`, required ? `${id}-required` : null, valueId]
            .filter(Boolean)
            .join(' ')}
          aria-describedby={describedBy(id, helpText, error)}
          disabled={disabled}
          $invalid={hasError(error)}
          $empty={display === ''}
          onClick={() => (open ? close(false) : openPicker())}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              openPicker();
            }
          }}
        >
          <span id={valueId}>{display || placeholder || texts.chooseDate}</span>
          <CalendarIcon />
        </Trigger>
        {open && (
          <Popover
            ref={setPopup}
            style={popupStyle}
            id={popoverId}
            role="dialog"
            aria-modal="false"
            aria-label={texts.chooseDate}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                // Handled here: an enclosing dialog stays open.
                event.preventDefault();
                event.stopPropagation();
                close();
              }
            }}
          >
            <Header>
              <IconButton
                size="sm"
                label={texts.previousMonth}
                icon={<ChevronLeftIcon />}
                disabled={!canPrev}
                onClick={() => showMonth(prevMonth)}
              />
              <HeaderSelect
                aria-label={texts.year}
                value={month.getFullYear()}
                onChange={(event) => showMonth(setYear(month, Number(event.target.value)))}
              >
                {yearOptions.map((y) => (
                  <option key={y} value={y}>
                    {texts.yearLabel(y)}
                  </option>
                ))}
              </HeaderSelect>
              <HeaderSelect
                aria-label={texts.month}
                value={month.getMonth()}
                onChange={(event) => showMonth(setMonth(month, Number(event.target.value)))}
              >
                {monthNames.map((name, m) => (
                  <option key={name} value={m}>
                    {name}
                  </option>
                ))}
              </HeaderSelect>
              <IconButton
                size="sm"
                label={texts.nextMonth}
                icon={<ChevronRightIcon />}
                disabled={!canNext}
                onClick={() => showMonth(nextMonth)}
              />
            </Header>
            <Calendar
              month={month}
              onMonthChange={showMonth}
              selected={selected}
              range={props.mode === 'range' ? props.value : undefined}
              onSelect={onSelect}
              min={min}
              max={max}
              isDateAllowed={isDateAllowed}
              today={today}
              weekStartsOn={weekStartsOn}
              autoFocus
            />
            {props.mode !== undefined && props.mode !== 'single' && (
              <Footer>
                <span aria-live="polite">
                  {props.mode === 'range' && props.value.start && !props.value.end
                    ? `${texts.rangeStart}: ${fmt(props.value.start)}`
                    : texts.selectedDates(selected.length)}
                </span>
                <FooterButtons>
                  <Button size="sm" variant="tertiary" onClick={clear} disabled={selected.length === 0}>
                    {texts.clearDates}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => close()}>
                    {texts.close}
                  </Button>
                </FooterButtons>
              </Footer>
            )}
          </Popover>
        )}
      </Wrap>
    </FieldFrame>
  );
}
