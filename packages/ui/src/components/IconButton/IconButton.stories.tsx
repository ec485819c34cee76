import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { CloseIcon, CopyIcon, MenuIcon, TrashIcon } from '../../icons';
import { IconButton } from './IconButton';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  argTypes: { icon: { control: false } },
  args: { label: '閉じる', icon: <CloseIcon />, onClick: fn() },
  parameters: { enArgs: { label: 'Close' } },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tertiary (no fill) by default; the label is the accessible name and the tooltip. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /^(閉じる|Close)$/ });
    await expect(button).toHaveAttribute('title', button.getAttribute('aria-label'));
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
    button.blur();
  },
};

export const Variants: Story = {
  render: (args, context) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <IconButton {...args} variant="primary" label={pick(context, 'メニュー', 'Menu')} icon={<MenuIcon />} />
      <IconButton {...args} variant="secondary" label={pick(context, 'コピー', 'Copy')} icon={<CopyIcon />} />
      <IconButton {...args} variant="tertiary" />
      <IconButton {...args} variant="danger" label={pick(context, '削除', 'Delete')} icon={<TrashIcon />} />
    </div>
  ),
};

/** Squares of 32, 40 and 48 px (secondary, so that the square shows). */
export const Sizes: Story = {
  args: { variant: 'secondary' },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <IconButton {...args} size="sm" />
      <IconButton {...args} size="md" />
      <IconButton {...args} size="lg" />
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true } };
