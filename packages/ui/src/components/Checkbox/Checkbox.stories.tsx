import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: '続けて見積依頼を作成する' },
  parameters: { enArgs: { label: 'Continue with an estimate request' } },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
export const Checked: Story = { args: { defaultChecked: true } };
export const Indeterminate: Story = {
  args: { label: 'すべて選択', indeterminate: true },
  parameters: { enArgs: { label: 'Select all' } },
};
export const WithDescription: Story = {
  args: {
    label: '依頼先による案件情報の編集を許可',
    description: '許可すると、依頼先の事務所が出願情報を更新できます。',
  },
  parameters: {
    enArgs: {
      label: 'Allow the firm to edit matter details',
      description: 'The firm you send requests to can then update the application details.',
    },
  },
};
export const WithError: Story = {
  args: { label: '利用規約に同意する', error: '同意が必要です' },
  parameters: { enArgs: { label: 'I agree to the terms of use', error: 'You must agree to continue' } },
};
export const Disabled: Story = { args: { disabled: true } };
export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };
