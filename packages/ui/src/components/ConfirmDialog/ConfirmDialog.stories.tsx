import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { ConfirmDialog } from './ConfirmDialog';
import type { ConfirmDialogProps } from './ConfirmDialog';

function Demo(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={props.tone === 'danger' ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        開く
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onConfirm={() => {
          props.onConfirm();
          setOpen(false);
        }}
        onCancel={() => {
          props.onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: { open: false, title: 'この案件を複製しますか？', onConfirm: fn(), onCancel: fn() },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const openIt = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button'));
  await waitFor(() => expect(screen.getByRole('alertdialog')).toBeVisible());
};

export const Duplicate: Story = {
  args: {
    message: '案件情報をコピーした新しい案件が作成されます。依頼やファイルは複製されません。',
    confirmLabel: '複製する',
  },
  play: async ({ canvasElement, args }) => {
    await openIt(canvasElement);
    await expect(screen.getByRole('button', { name: '複製する' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: '複製する' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const IrreversibleDelete: Story = {
  args: {
    tone: 'danger',
    title: 'この案件を削除しますか？',
    message: '削除した案件は「削除済み」タブに移動し、元に戻すことはできません。',
    confirmLabel: '削除する',
  },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    // Focus starts on Cancel so that Enter does not delete by accident.
    await expect(screen.getByRole('button', { name: /キャンセル|Cancel/ })).toHaveFocus();
  },
};

export const CancelWithEscape: Story = {
  args: { tone: 'danger', title: 'この案件を削除しますか？', confirmLabel: '削除する' },
  play: async ({ canvasElement, args }) => {
    await openIt(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: {
    tone: 'danger',
    title: 'この案件を削除しますか？',
    message: '削除しています。',
    loading: true,
    confirmLabel: '削除する',
  },
  play: async ({ canvasElement }) => openIt(canvasElement),
};
