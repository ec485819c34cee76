import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Switch } from './Switch';

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { label: 'ファミリーでまとめる' },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch');
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'true');
  },
};
export const On: Story = { args: { defaultChecked: true } };
export const WithDescription: Story = {
  args: {
    label: 'メール通知',
    description: '期限の 30 日前にメールでお知らせします。',
    defaultChecked: true,
  },
};
export const LabelAtStart: Story = { args: { labelPosition: 'start' } };
export const Disabled: Story = { args: { disabled: true } };
export const DisabledOn: Story = { args: { disabled: true, defaultChecked: true } };
