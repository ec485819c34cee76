import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within, screen, waitFor } from 'storybook/test';
import { regionOptions } from '../../../test/fixtures/regions';
import { pick } from '../../../test/fixtures/story-locale';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { Combobox } from '../Combobox/Combobox';
import { DatePicker } from '../DatePicker/DatePicker';
import { Select } from '../Select/Select';
import { TextField } from '../TextField/TextField';
import { useToast } from '../Toast/ToastProvider';
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
    // The first field takes the focus, not the close button.
    await expect(within(dialog).getByRole('combobox', { name: /種別|Type/ })).toHaveFocus();
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

/** A matter form with a title, a region list and a date, as in the portal's Create Matter. */
function MatterFormDialog({ ja, withToast = false }: { ja: boolean; withToast?: boolean }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [region, setRegion] = useState<string | null>(null);
  const [date, setDate] = useState<Date | null>(null);
  const [error, setError] = useState(false);
  const t = (jaText: string, enText: string) => (ja ? jaText : enText);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('案件を作成', 'Create matter')}</Button>
      <Dialog
        open={open}
        title={t('案件を作成', 'Create matter')}
        unsavedChanges={title !== '' || region !== null || date !== null}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('キャンセル', 'Cancel')}
            </Button>
            <Button
              onClick={() => {
                if (title === '') {
                  setError(true);
                  toast.warn(t('入力内容にエラーがあります', 'Some entries need fixing'));
                }
              }}
            >
              {t('作成', 'Create')}
            </Button>
          </>
        }
      >
        <div style={{ display: 'grid', gap: 16 }}>
          <TextField
            label={t('タイトル', 'Title')}
            required
            fullWidth
            value={title}
            error={error && title === '' ? t('必須項目です', 'Required') : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
          <Combobox
            label={t('国・地域', 'Country/region')}
            options={regionOptions(ja ? 'ja' : 'en')}
            value={region}
            onChange={setRegion}
            fullWidth
          />
          <DatePicker
            label={t('出願日', 'Filing date')}
            value={date}
            onChange={setDate}
            today={new Date(2025, 3, 15)}
          />
          {withToast && <p>{t('作成を押すと警告が表示されます。', 'Press Create to see a warning.')}</p>}
        </div>
      </Dialog>
    </>
  );
}

/**
 * Ends with the dialog open and the title kept: Escape in the open region list closes the list
 * only; the next Escape would ask about the typed title before closing the dialog.
 */
export const EscapeClosesTheListFirst: StoryObj = {
  render: (_args, context) => <MatterFormDialog ja={pick(context, true, false)} />,
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    const dialog = screen.getByRole('dialog', { name: /案件を作成|Create matter/ });
    const title = within(dialog).getByRole('textbox', { name: /タイトル|Title/ });
    await expect(title).toHaveFocus();
    await userEvent.type(title, 'Semiconductor device');
    const region = within(dialog).getByRole('combobox', { name: /国・地域|Country\/region/ });
    await userEvent.click(region);
    await expect(region).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(region).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.getByRole('dialog', { name: /案件を作成|Create matter/ })).toBeVisible();
    await expect(title).toHaveValue('Semiconductor device');

    await userEvent.click(within(dialog).getByRole('button', { name: /出願日|Filing date/ }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: /日付を選択|Choose date/ })).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /日付を選択|Choose date/ })).toBeNull());
    await expect(screen.getByRole('dialog', { name: /案件を作成|Create matter/ })).toBeVisible();
  },
};

/** Ends on the question: Escape with a typed title asks before the input is lost. */
export const UnsavedChangesAsk: StoryObj = {
  render: (_args, context) => <MatterFormDialog ja={pick(context, true, false)} />,
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    const dialog = screen.getByRole('dialog', { name: /案件を作成|Create matter/ });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /タイトル|Title/ }),
      'Semiconductor device',
    );
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', {
      name: /入力内容を破棄しますか|Discard your changes/,
    });
    await expect(within(ask).getByRole('button', { name: /編集を続ける|Keep editing/ })).toHaveFocus();
    await expect(screen.getByRole('dialog', { name: /案件を作成|Create matter/ })).toBeInTheDocument();
  },
};

/** Ends with a warning toast inside the dialog, above its fields, clear of its close button and actions. */
export const ToastInsideDialog: StoryObj = {
  render: (_args, context) => <MatterFormDialog ja={pick(context, true, false)} withToast />,
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    const dialog = screen.getByRole('dialog', { name: /案件を作成|Create matter/ });
    const create = within(dialog).getByRole('button', { name: /^(作成|Create)$/ });
    for (let i = 0; i < 4; i += 1) await userEvent.click(create);
    const region = await screen.findByRole('region', { name: /通知|Notifications/ });
    await expect(dialog).toContainElement(region);
    // Four presses, one warning.
    await expect(within(region).getAllByRole('status')).toHaveLength(1);
    const toastBox = region.getBoundingClientRect();
    const overlaps = (el: Element) => {
      const box = el.getBoundingClientRect();
      return !(
        box.right <= toastBox.left ||
        box.left >= toastBox.right ||
        box.bottom <= toastBox.top ||
        box.top >= toastBox.bottom
      );
    };
    const [close] = within(dialog).getAllByRole('button', { name: /閉じる|Close/ });
    await expect(overlaps(close!)).toBe(false);
    await expect(overlaps(create)).toBe(false);
    await expect(overlaps(within(dialog).getByRole('textbox', { name: /タイトル|Title/ }))).toBe(false);
  },
};
