import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import type { ComponentProps, ComponentType } from 'react';
import { DatePicker } from './DatePicker';
import type { DateRange, SingleDatePickerProps } from './DatePicker';

const today = new Date(2025, 3, 15);
const weekdaysOnly = (d: Date) => d.getDay() !== 0 && d.getDay() !== 6;

// The props are a union over `mode`; the docs table is generated for the single-day shape.
const meta: Meta<SingleDatePickerProps> = {
  title: 'Forms/DatePicker',
  component: DatePicker as ComponentType<SingleDatePickerProps>,
  args: { label: '出願日', today, value: null, onChange: () => {} },
  decorators: [(Story) => <div style={{ minHeight: 470, maxWidth: 360 }}>{Story()}</div>],
};
export default meta;
type Story = StoryObj<SingleDatePickerProps>;

function SingleDemo(props: Partial<Omit<ComponentProps<typeof DatePicker>, 'mode' | 'value' | 'onChange'>>) {
  const [value, setValue] = useState<Date | null>(null);
  return (
    <DatePicker label="出願日" today={today} {...props} mode="single" value={value} onChange={setValue} />
  );
}

export const Single: Story = {
  render: (args) => <SingleDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /出願日/ }));
    await userEvent.click(screen.getByRole('button', { name: /2025年4月20日/ }));
    await expect(canvas.getByRole('button', { name: /2025\/04\/20/ })).toBeInTheDocument();
  },
};

export const Open: Story = {
  render: (args) => <SingleDemo {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /出願日/ }));
  },
};

export const MinMaxAndAllowedDates: Story = {
  render: (args) => (
    <SingleDemo
      {...args}
      label="回答期限"
      min={new Date(2025, 3, 10)}
      max={new Date(2025, 4, 20)}
      isDateAllowed={weekdaysOnly}
      helpText="4/10〜5/20 の平日のみ選択できます。"
    />
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /回答期限/ }));
    await expect(screen.getByRole('button', { name: /2025年4月9日/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Multiple: Story = {
  render: function Render() {
    const [value, setValue] = useState<Date[]>([new Date(2025, 3, 3), new Date(2025, 3, 8)]);
    return <DatePicker label="面談候補日" today={today} mode="multiple" value={value} onChange={setValue} />;
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /面談候補日/ }));
  },
};

export const RangeSelection: Story = {
  render: function Render() {
    const [value, setValue] = useState<DateRange>({ start: new Date(2025, 3, 7), end: null });
    return (
      <DatePicker
        label="対象期間"
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
    await userEvent.click(canvas.getByRole('button', { name: /対象期間/ }));
    await userEvent.click(screen.getByRole('button', { name: /2025年4月18日/ }));
    await expect(canvas.getByRole('button', { name: /対象期間/ })).toHaveTextContent(
      '2025/04/07 – 2025/04/18',
    );
  },
};

export const WithError: Story = {
  render: (args) => <SingleDemo {...args} required error="必須項目です" />,
};
export const Disabled: Story = {
  render: (args) => <SingleDemo {...args} disabled />,
};
