import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { Select } from '../Select/Select';
import { TextField } from '../TextField/TextField';
import { Dialog } from './Dialog';
import type { DialogProps } from './Dialog';

function DialogDemo(props: Partial<DialogProps> & { openLabel?: string }) {
  const { openLabel = 'ダイアログを開く', ...rest } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{openLabel}</Button>
      <Dialog title="案件を作成" {...rest} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: { open: false, title: '案件を作成', onClose: () => {} },
  render: (args) => <DialogDemo {...args} />,
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const openIt = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button'));
  await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
};

export const CreateMatter: Story = {
  args: {
    description: '案件の基本情報を入力してください。',
    children: (
      <div style={{ display: 'grid', gap: 16 }}>
        <Select
          label="種別"
          required
          options={[
            { value: '0', label: '特許' },
            { value: '2', label: '商標' },
          ]}
        />
        <TextField label="整理番号" required fullWidth />
        <TextField label="タイトル" required fullWidth />
        <Checkbox label="続けて見積依頼を作成する" />
      </div>
    ),
    actions: (
      <>
        <Button variant="secondary">キャンセル</Button>
        <Button>作成</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    const dialog = screen.getByRole('dialog', { name: '案件を作成' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.contains(document.activeElement)).toBe(true);
  },
};

export const EscapeCloses: Story = {
  args: { children: '本文' },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
  },
};

export const Saving: Story = {
  args: {
    children: '保存中はボタンにスピナーが表示されます。',
    actions: (
      <>
        <Button variant="secondary" disabled>
          キャンセル
        </Button>
        <Button loading>作成</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => openIt(canvasElement),
};

export const LongContent: Story = {
  args: {
    title: '利用規約',
    children: (
      <div>
        {Array.from({ length: 30 }, (_, i) => (
          <p key={i}>第{i + 1}条 本規約は、知的財産管理ポータルの利用条件を定めるものです。</p>
        ))}
      </div>
    ),
    actions: <Button>同意する</Button>,
  },
  play: async ({ canvasElement }) => openIt(canvasElement),
};

export const NarrowWithoutCloseButton: Story = {
  args: {
    maxWidth: 420,
    hideCloseButton: true,
    children: '閉じるボタンなし。Esc で閉じます。',
    actions: <Button>OK</Button>,
  },
  play: async ({ canvasElement }) => openIt(canvasElement),
};
