import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Calendar } from './Calendar';

const today = new Date(2025, 3, 15);

const meta = {
  title: 'Forms/Calendar',
  component: Calendar,
  args: { today, defaultMonth: today },
} satisfies Meta<typeof Calendar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Always six weeks (42 days), whatever the month. */
export const SixWeeks: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('gridcell')).toHaveLength(42);
  },
};
export const WithSelection: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<Date[]>([new Date(2025, 3, 10)]);
    return <Calendar {...args} selected={selected} onSelect={(d) => setSelected([d])} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const focused = canvas.getAllByRole('button').find((b) => b.tabIndex === 0)!;
    focused.focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(canvas.getByRole('gridcell', { selected: true })).toHaveTextContent('11');
  },
};
export const Range: Story = {
  args: {
    selected: [new Date(2025, 3, 7), new Date(2025, 3, 18)],
    range: { start: new Date(2025, 3, 7), end: new Date(2025, 3, 18) },
  },
};
export const MinMaxAndWeekdaysOnly: Story = {
  args: {
    min: new Date(2025, 3, 8),
    max: new Date(2025, 3, 25),
    isDateAllowed: (d: Date) => d.getDay() !== 0 && d.getDay() !== 6,
  },
};
export const MondayFirst: Story = { args: { weekStartsOn: 1 } };
