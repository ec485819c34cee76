import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentProps, ComponentType } from 'react';
import { pick } from '../../../test/fixtures/story-locale';
import { DatePicker } from './DatePicker';
import type { DateRange, SingleDatePickerProps } from './DatePicker';

const today = new Date(2025, 3, 15);
const weekdaysOnly = (d: Date) => d.getDay() !== 0 && d.getDay() !== 6;
/** A day button of the open calendar, by its Japanese or English accessible name. */
// The English name ends the label after the weekday ("Wednesday 9 April 2025"): a space before it
// keeps "9 April" from also matching "19 April" and "29 April".
const day = (ja: string, en: string) =>
  screen.getByRole('button', { name: new RegExp(`${ja}|(?:^|\\s)${en}`) });

// The props are a union over `mode`; the docs table is generated for the single-day shape.
const meta: Meta<SingleDatePickerProps> = {
  title: 'Forms/DatePicker',
  component: DatePicker as ComponentType<SingleDatePickerProps>,
  args: { label: '出願日', today, value: null, onChange: () => {} },
  parameters: { enArgs: { label: 'Filing date' } },
  decorators: [(Story) => <div style={{ minHeight: 470, maxWidth: 360 }}>{Story()}</div>],
};
export default meta;
type Story = StoryObj<SingleDatePickerProps>;

function SingleDemo(props: Partial<Omit<ComponentProps<typeof DatePicker>, 'mode' | 'value' | 'onChange'>>) {
  const [value, setValue] = useState<Date | null>(null);
  return <DatePicker label="" today={today} {...props} mode="single" value={value} onChange={setValue} />;
}

export const Single: Story = {
  render: (args) => <SingleDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /出願日|Filing date/ }));
    await userEvent.click(day('2025年4月20日', '20 April 2025'));
    await expect(canvas.getByRole('button', { name: /2025\/04\/20|20 Apr 2025/ })).toBeInTheDocument();
  },
};

export const Open: Story = {
  render: (args) => <SingleDemo {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /出願日|Filing date/ }));
  },
};

export const MinMaxAndAllowedDates: Story = {
  render: (args, context) => (
    <SingleDemo
      {...args}
      label={pick(context, '回答期限', 'Reply due')}
      min={new Date(2025, 3, 10)}
      max={new Date(2025, 4, 20)}
      isDateAllowed={weekdaysOnly}
      helpText={pick(context, '4/10〜5/20 の平日のみ選択できます。', 'Weekdays from Apr 10 to May 20 only.')}
    />
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /回答期限|Reply due/ }));
    await expect(day('2025年4月9日', '9 April 2025')).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Multiple: Story = {
  render: function Render(_args, context) {
    const [value, setValue] = useState<Date[]>([new Date(2025, 3, 3), new Date(2025, 3, 8)]);
    return (
      <DatePicker
        label={pick(context, '面談候補日', 'Meeting dates')}
        today={today}
        mode="multiple"
        value={value}
        onChange={setValue}
      />
    );
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /面談候補日|Meeting dates/ }));
  },
};

export const RangeSelection: Story = {
  render: function Render(_args, context) {
    const [value, setValue] = useState<DateRange>({ start: new Date(2025, 3, 7), end: null });
    return (
      <DatePicker
        label={pick(context, '対象期間', 'Period')}
        today={today}
        mode="range"
        value={value}
        onChange={setValue}
        isDateAllowed={weekdaysOnly}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /対象期間|Period/ }));
    await userEvent.click(day('2025年4月18日', '18 April 2025'));
    await expect(canvas.getByRole('button', { name: /対象期間|Period/ })).toHaveTextContent(
      /2025\/04\/07 – 2025\/04\/18|7 Apr 2025 – 18 Apr 2025/,
    );
  },
};

export const WithError: Story = {
  render: (args, context) => (
    <SingleDemo {...args} required error={pick(context, '必須項目です', 'This field is required')} />
  ),
};
export const Disabled: Story = {
  render: (args) => <SingleDemo {...args} disabled />,
};

/** At the bottom of the window the calendar opens above the field instead of running off screen. */
export const FlipsAboveNearTheBottom: Story = {
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div
        style={{
          height: '100vh',
          display: 'flex',
          alignItems: 'flex-end',
          padding: 16,
          boxSizing: 'border-box',
        }}
      >
        <div style={{ width: 320 }}>{Story()}</div>
      </div>
    ),
  ],
  render: (args) => <SingleDemo {...args} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /出願日|Filing date/ });
    await userEvent.click(trigger);
    const popup = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(popup.getBoundingClientRect().bottom).toBeLessThanOrEqual(trigger.getBoundingClientRect().top),
    );
    await expect(popup.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};
