import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { Button } from '../Button/Button';
import { Snackbar } from './Snackbar';
import type { SnackbarProps } from './Snackbar';

const meta = {
  title: 'Feedback/Snackbar',
  component: Snackbar,
  args: { open: true, inline: true, message: 'ファイルをアップロードしました', onClose: fn(), timeout: -1 },
  parameters: { enArgs: { message: 'File uploaded' } },
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
  parameters: {
    enArgs: {
      message: 'Matter moved to Deleted',
      action: (
        <Button size="sm" variant="secondary">
          Undo
        </Button>
      ),
    },
  },
};
export const WithoutClose: Story = { args: { showClose: false } };
export const LongMessage: Story = {
  args: { message: '「半導体装置及びその製造方法」の明細書ファイル（第3版）をアップロードしました。' },
  parameters: {
    enArgs: {
      message:
        'Uploaded the specification file (version 3) of "Semiconductor device and method of manufacturing the same".',
    },
  },
};

function Demo({ showLabel, ...args }: SnackbarProps & { showLabel: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{showLabel}</Button>
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

/** Default timeout (5000 ms) from the theme; drag it sideways more than 50 px to dismiss. Ends dismissed. */
export const SwipeToDismiss: Story = {
  args: { timeout: undefined },
  render: (args, context) => <Demo {...args} showLabel={pick(context, '表示', 'Show')} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^(表示|Show)$/ }));
    const bar = await screen.findByText(/^(ファイルをアップロードしました|File uploaded)$/);
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
