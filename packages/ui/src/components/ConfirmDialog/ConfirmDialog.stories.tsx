import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { Button } from '../Button/Button';
import { ConfirmDialog } from './ConfirmDialog';
import type { ConfirmDialogProps } from './ConfirmDialog';

function Demo({ openLabel, ...props }: ConfirmDialogProps & { openLabel: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={props.tone === 'danger' ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        {openLabel}
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

const deleteTexts = {
  title: 'この案件を削除しますか？',
  confirmLabel: '削除する',
};
const deleteTextsEn = {
  title: 'Delete this matter?',
  confirmLabel: 'Delete',
};

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: { open: false, title: 'この案件を複製しますか？', onConfirm: fn(), onCancel: fn() },
  parameters: { enArgs: { title: 'Duplicate this matter?' } },
  render: (args, context) => <Demo {...args} openLabel={pick(context, '開く', 'Open')} />,
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const openIt = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button'));
  await waitFor(() => expect(screen.getByRole('alertdialog')).toBeVisible());
};

/** Focus starts on the confirm button (confirming is safe); the unit test covers the click. */
export const Duplicate: Story = {
  args: {
    message: '案件情報をコピーした新しい案件が作成されます。依頼やファイルは複製されません。',
    confirmLabel: '複製する',
  },
  parameters: {
    enArgs: {
      message: 'A new matter is created from a copy of this one. Requests and files are not copied.',
      confirmLabel: 'Duplicate',
    },
  },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    await expect(screen.getByRole('button', { name: /^(複製する|Duplicate)$/ })).toHaveFocus();
  },
};

export const IrreversibleDelete: Story = {
  args: {
    tone: 'danger',
    ...deleteTexts,
    message: '削除した案件は「削除済み」タブに移動し、元に戻すことはできません。',
  },
  parameters: {
    enArgs: {
      ...deleteTextsEn,
      message: 'The matter moves to the "Deleted" tab and cannot be restored.',
    },
  },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    // Focus starts on Cancel so that Enter does not delete by accident.
    await expect(screen.getByRole('button', { name: /キャンセル|Cancel/ })).toHaveFocus();
  },
};

/** Ends closed: Escape cancels. */
export const CancelWithEscape: Story = {
  args: { tone: 'danger', ...deleteTexts },
  parameters: { enArgs: deleteTextsEn },
  play: async ({ canvasElement, args }) => {
    await openIt(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: { tone: 'danger', ...deleteTexts, message: '削除しています。', loading: true },
  parameters: { enArgs: { ...deleteTextsEn, message: 'Deleting…' } },
  play: async ({ canvasElement }) => openIt(canvasElement),
};
