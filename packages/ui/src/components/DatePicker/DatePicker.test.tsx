import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { theme } from '../../theme';
import { DatePicker, nextRange, toggleDay } from './DatePicker';
import type { DateRange } from './DatePicker';

const today = new Date(2025, 3, 15);

function Single(props: {
  min?: Date;
  max?: Date;
  isDateAllowed?: (d: Date) => boolean;
  onChange?: (d: Date | null) => void;
}) {
  const [value, setValue] = useState<Date | null>(null);
  return (
    <DatePicker
      label="出願日"
      today={today}
      {...props}
      value={value}
      onChange={(d) => {
        setValue(d);
        props.onChange?.(d);
      }}
    />
  );
}

function Range({ onChange }: { onChange: (r: DateRange) => void }) {
  const [value, setValue] = useState<DateRange>({ start: null, end: null });
  return (
    <DatePicker
      label="期間"
      mode="range"
      today={today}
      value={value}
      onChange={(r) => {
        setValue(r);
        onChange(r);
      }}
    />
  );
}

function Multiple({ onChange }: { onChange: (d: Date[]) => void }) {
  const [value, setValue] = useState<Date[]>([]);
  return (
    <DatePicker
      label="候補日"
      mode="multiple"
      today={today}
      value={value}
      onChange={(d) => {
        setValue(d);
        onChange(d);
      }}
    />
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });

describe('DatePicker', () => {
  it('picks a single day, closes and returns focus; passes axe when open', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Single onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /出願日/ });
    expect(trigger).toHaveTextContent('日付を選択');
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: '日付を選択' });
    expect(within(dialog).getAllByRole('gridcell')).toHaveLength(42);
    await expectNoAxeViolations();
    await user.click(day(/2025年4月20日/));
    expect(onChange).toHaveBeenCalledWith(new Date(2025, 3, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveTextContent('2025/04/20');
  });

  it('blocks days outside min and max', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <Single min={new Date(2025, 3, 10)} max={new Date(2025, 3, 20)} onChange={onChange} />,
      {
        locale: 'en',
      },
    );
    await user.click(screen.getByRole('button', { name: /出願日/ }));
    expect(day(/ 9 April 2025/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/ 21 April 2025/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/ 10 April 2025/)).not.toHaveAttribute('aria-disabled');
    await user.click(day(/ 9 April 2025/));
    await user.click(day(/ 21 April 2025/));
    expect(onChange).not.toHaveBeenCalled();
    // Months and years beyond the limits cannot be shown.
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(within(screen.getByRole('combobox', { name: 'Year' })).getAllByRole('option')).toHaveLength(1);
    await user.click(day(/ 20 April 2025/));
    expect(onChange).toHaveBeenCalledWith(new Date(2025, 3, 20));
  });

  it('honours the allowed-dates predicate', async () => {
    const onChange = vi.fn();
    const weekdays = (d: Date) => d.getDay() !== 0 && d.getDay() !== 6;
    const { user } = renderUi(<Single isDateAllowed={weekdays} onChange={onChange} />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: /出願日/ }));
    expect(day(/Saturday 19 April/)).toHaveAttribute('aria-disabled', 'true');
    await user.click(day(/Saturday 19 April/));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(day(/Friday 18 April/));
    expect(onChange).toHaveBeenCalledWith(new Date(2025, 3, 18));
  });

  it('selects a range in either order', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Range onChange={onChange} />, { locale: 'en' });
    const trigger = screen.getByRole('button', { name: /期間/ });
    await user.click(trigger);
    await user.click(day(/ 18 April/));
    expect(onChange).toHaveBeenLastCalledWith({ start: new Date(2025, 3, 18), end: null });
    expect(screen.getByText('Start date: 18 Apr 2025')).toBeInTheDocument();
    await user.click(day(/ 7 April/));
    expect(onChange).toHaveBeenLastCalledWith({ start: new Date(2025, 3, 7), end: new Date(2025, 3, 18) });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveTextContent('7 Apr 2025 – 18 Apr 2025');

    expect(
      nextRange({ start: new Date(2025, 0, 1), end: new Date(2025, 0, 2) }, new Date(2025, 5, 1)),
    ).toEqual({
      start: new Date(2025, 5, 1),
      end: null,
    });
  });

  it('toggles multiple days and clears them', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Multiple onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /候補日/ }));
    await user.click(day(/2025年4月10日/));
    await user.click(day(/2025年4月3日/));
    expect(onChange).toHaveBeenLastCalledWith([new Date(2025, 3, 3), new Date(2025, 3, 10)]);
    expect(screen.getByText('2 日を選択中')).toBeInTheDocument();
    await user.click(day(/2025年4月10日/));
    expect(onChange).toHaveBeenLastCalledWith([new Date(2025, 3, 3)]);
    await user.click(screen.getByRole('button', { name: 'クリア' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(toggleDay([new Date(2025, 0, 2)], new Date(2025, 0, 1))).toEqual([
      new Date(2025, 0, 1),
      new Date(2025, 0, 2),
    ]);
  });

  it('offers years from 100 back to 52 ahead with localized month names', async () => {
    expect(theme.dateLimits).toMatchObject({ yearsBack: 100, yearsAhead: 52 });
    const { user } = renderUi(<Single />);
    await user.click(screen.getByRole('button', { name: /出願日/ }));
    const years = within(screen.getByRole('combobox', { name: '年' })).getAllByRole('option');
    expect(years).toHaveLength(153);
    expect(years[0]).toHaveTextContent('1925年');
    expect(years[years.length - 1]).toHaveTextContent('2077年');
    const months = within(screen.getByRole('combobox', { name: '月' })).getAllByRole('option');
    expect(months.map((o) => o.textContent)).toEqual([
      '1月',
      '2月',
      '3月',
      '4月',
      '5月',
      '6月',
      '7月',
      '8月',
      '9月',
      '10月',
      '11月',
      '12月',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1925');
    expect(screen.getByRole('grid', { name: '1925年4月' })).toBeInTheDocument();
  });

  it('shows English month names and closes on Escape', async () => {
    const { user } = renderUi(<Single />, { locale: 'en' });
    const trigger = screen.getByRole('button', { name: /出願日/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const months = within(screen.getByRole('combobox', { name: 'Month' })).getAllByRole('option');
    expect(months[0]).toHaveTextContent('January');
    // The calendar grid takes focus on open.
    expect(document.activeElement).toHaveAccessibleName(/ 15 April 2025/);
    await user.keyboard('{ArrowRight}{Enter}');
    expect(trigger).toHaveTextContent('16 Apr 2025');
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
