import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Snackbar } from './Snackbar';
import type { SnackbarProps } from './Snackbar';

const meta = {
  title: 'Feedback/Snackbar',
  component: Snackbar,
  args: { open: true, inline: true, message: 'ファイルをアップロードしました', onClose: fn(), timeout: -1 },
} satisfies Meta<typeof Snackbar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithAction: Story = {
  args: {
    message: '案件を削除済みに移動しました',
    action: (
      <Button size="sm" variant="secondary">
        元に戻す
      </Button>
    ),
  },
};
export const WithoutClose: Story = { args: { showClose: false } };
export const LongMessage: Story = {
  args: { message: '「半導体装置及びその製造方法」の明細書ファイル（第3版）をアップロードしました。' },
};

function Demo(args: SnackbarProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>表示</Button>
      <Snackbar
        {...args}
        inline={false}
        open={open}
        onClose={(reason) => {
          args.onClose(reason);
          setOpen(false);
        }}
      />
    </>
  );
}

/** Default timeout (5000 ms) from the theme; drag it sideways more than 50 px to dismiss. */
export const SwipeToDismiss: Story = {
  args: { timeout: undefined },
  render: (args) => <Demo {...args} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '表示' }));
    const bar = await screen.findByText('ファイルをアップロードしました');
    const root = bar.parentElement!;
    const box = root.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const x = box.left + 40;
    await userEvent.pointer([
      { keys: '[MouseLeft>]', coords: { clientX: x, clientY: y }, target: root },
      { coords: { clientX: x + 30, clientY: y }, target: root },
      { coords: { clientX: x + 80, clientY: y }, target: root },
      { keys: '[/MouseLeft]', coords: { clientX: x + 80, clientY: y }, target: root },
    ]);
    await waitFor(() => expect(args.onClose).toHaveBeenCalledWith('swipe'));
  },
};
