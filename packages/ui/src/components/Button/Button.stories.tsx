import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { PlusIcon, TrashIcon } from '../../icons';
import { Button } from './Button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: '案件を作成', onClick: fn() },
  parameters: { enArgs: { children: 'Create matter' } },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};
export const Secondary: Story = {
  args: { variant: 'secondary', children: 'キャンセル' },
  parameters: { enArgs: { children: 'Cancel' } },
};
export const Tertiary: Story = {
  args: { variant: 'tertiary', children: '詳細を表示' },
  parameters: { enArgs: { children: 'Show details' } },
};
export const Danger: Story = {
  args: { variant: 'danger', children: '削除する', startIcon: <TrashIcon size={18} /> },
  parameters: { enArgs: { children: 'Delete' } },
};
export const WithIcon: Story = { args: { startIcon: <PlusIcon size={18} /> } };
export const Disabled: Story = { args: { disabled: true } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Sizes: Story = {
  render: (args, context) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button {...args} size="sm">
        {pick(context, '小', 'Small')}
      </Button>
      <Button {...args} size="md">
        {pick(context, '中', 'Medium')}
      </Button>
      <Button {...args} size="lg">
        {pick(context, '大', 'Large')}
      </Button>
    </div>
  ),
};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="tertiary">
        Tertiary
      </Button>
      <Button {...args} variant="danger">
        Danger
      </Button>
      <Button {...args} variant="primary" disabled>
        Disabled
      </Button>
      <Button {...args} variant="secondary" loading>
        Loading
      </Button>
    </div>
  ),
};

export const FullWidth: Story = { args: { fullWidth: true } };
