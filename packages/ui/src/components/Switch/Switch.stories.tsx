import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Switch } from './Switch';

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { label: 'ファミリーでまとめる' },
  parameters: { enArgs: { label: 'Group by family' } },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Off; a click turns it on and another off again (the story ends as it is named). */
export const Off: Story = {
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch');
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    sw.blur();
  },
};
export const On: Story = { args: { defaultChecked: true } };
export const WithDescription: Story = {
  args: {
    label: 'メール通知',
    description: '期限の 30 日前にメールでお知らせします。',
    defaultChecked: true,
  },
  parameters: {
    enArgs: { label: 'Email notifications', description: 'We email you 30 days before a deadline.' },
  },
};
export const LabelAtStart: Story = { args: { labelPosition: 'start' } };
export const Disabled: Story = { args: { disabled: true } };
export const DisabledOn: Story = { args: { disabled: true, defaultChecked: true } };
