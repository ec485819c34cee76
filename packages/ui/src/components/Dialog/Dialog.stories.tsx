import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within, screen, waitFor } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { Select } from '../Select/Select';
import { TextField } from '../TextField/TextField';
import { Dialog } from './Dialog';
import type { DialogProps } from './Dialog';

function DialogDemo({ openLabel, ...rest }: Partial<DialogProps> & { openLabel: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{openLabel}</Button>
      <Dialog title="" {...rest} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: { open: false, title: '案件を作成', onClose: () => {} },
  parameters: { enArgs: { title: 'Create matter' } },
  render: (args, context) => (
    <DialogDemo {...args} openLabel={pick(context, 'ダイアログを開く', 'Open dialog')} />
  ),
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const openIt = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button'));
  await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
};

const createForm = (ja: boolean) => (
  <div style={{ display: 'grid', gap: 16 }}>
    <Select
      label={ja ? '種別' : 'Type'}
      required
      options={[
        { value: '0', label: ja ? '特許' : 'Patent' },
        { value: '2', label: ja ? '商標' : 'Trademark' },
      ]}
    />
    <TextField label={ja ? '整理番号' : 'Reference'} required fullWidth />
    <TextField label={ja ? 'タイトル' : 'Title'} required fullWidth />
    <Checkbox label={ja ? '続けて見積依頼を作成する' : 'Continue with an estimate request'} />
  </div>
);
const createActions = (ja: boolean) => (
  <>
    <Button variant="secondary">{ja ? 'キャンセル' : 'Cancel'}</Button>
    <Button>{ja ? '作成' : 'Create'}</Button>
  </>
);

export const CreateMatter: Story = {
  args: {
    description: '案件の基本情報を入力してください。',
    children: createForm(true),
    actions: createActions(true),
  },
  parameters: {
    enArgs: {
      description: 'Enter the basic details of the matter.',
      children: createForm(false),
      actions: createActions(false),
    },
  },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    const dialog = screen.getByRole('dialog', { name: /案件を作成|Create matter/ });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.contains(document.activeElement)).toBe(true);
    // The page behind the dialog cannot be reached while it is open.
    await expect(canvasElement.closest('body > *')).toHaveAttribute('inert');
  },
};

/** Ends closed: Escape closes and focus returns to the opener. */
export const EscapeCloses: Story = {
  args: { children: '本文' },
  parameters: { enArgs: { children: 'Body text' } },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvasElement.closest('body > *')).not.toHaveAttribute('inert');
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
  },
};

const savingActions = (ja: boolean) => (
  <>
    <Button variant="secondary" disabled>
      {ja ? 'キャンセル' : 'Cancel'}
    </Button>
    <Button loading>{ja ? '作成' : 'Create'}</Button>
  </>
);

export const Saving: Story = {
  args: { children: '保存中はボタンにスピナーが表示されます。', actions: savingActions(true) },
  parameters: {
    enArgs: { children: 'While saving, the button shows a spinner.', actions: savingActions(false) },
  },
  play: async ({ canvasElement }) => openIt(canvasElement),
};

const terms = (ja: boolean) => (
  <div>
    {Array.from({ length: 30 }, (_, i) => (
      <p key={i}>
        {ja
          ? `第${i + 1}条 本規約は、知的財産管理ポータルの利用条件を定めるものです。`
          : `Article ${i + 1}. These terms set out the conditions of use of the IP management portal.`}
      </p>
    ))}
  </div>
);

/** The body scrolls; the title and the actions stay in view. */
export const LongContent: Story = {
  args: { title: '利用規約', children: terms(true), actions: <Button>同意する</Button> },
  parameters: {
    enArgs: { title: 'Terms of use', children: terms(false), actions: <Button>I agree</Button> },
  },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    const agree = screen.getByRole('button', { name: /同意する|I agree/ });
    await expect(agree.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};

export const NarrowWithoutCloseButton: Story = {
  args: {
    maxWidth: 420,
    hideCloseButton: true,
    children: '閉じるボタンなし。Esc で閉じます。',
    actions: <Button>OK</Button>,
  },
  parameters: { enArgs: { children: 'No close button. Press Esc to close.' } },
  play: async ({ canvasElement }) => openIt(canvasElement),
};
