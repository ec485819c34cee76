import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { Button } from '../Button/Button';
import { Toast } from './Toast';
import { useToast } from './ToastProvider';

const meta = {
  title: 'Feedback/Toast',
  component: Toast,
  args: { level: 'info', message: '案件を登録しました', onClose: () => {} },
  parameters: { enArgs: { message: 'Matter registered' } },
  // Toast width; the provider demo (a row of buttons) takes the whole canvas.
  decorators: [
    (Story, { parameters }) => (
      <div style={{ maxWidth: parameters['wide'] ? undefined : 400 }}>{Story()}</div>
    ),
  ],
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const Warn: Story = {
  args: { level: 'warn', message: '入力内容にエラーがあります' },
  parameters: { enArgs: { message: 'Some entries need fixing' } },
};
export const Error: Story = {
  args: {
    level: 'error',
    message: '案件の登録に失敗しました',
    detail: 'サーバーとの通信がタイムアウトしました。',
  },
  parameters: {
    enArgs: { message: 'Could not register the matter', detail: 'The server did not answer in time.' },
  },
};
/** A follow-up: after Create Matter, the success toast offers to open the new matter. */
export const WithAction: Story = {
  args: { detail: 'P-2026-001 半導体装置', action: { label: '案件を開く', onClick: () => {} } },
  parameters: {
    enArgs: {
      message: 'Matter registered',
      detail: 'P-2026-001 Semiconductor device',
      action: { label: 'Open matter', onClick: () => {} },
    },
  },
};
export const WithoutCloseButton: Story = {
  args: { onClose: undefined, message: '事務所情報を登録してください' },
  parameters: { enArgs: { message: 'Please register your firm details' } },
};
const longJapanese = {
  message: 'ファミリー名の保存に失敗しました。時間をおいてもう一度お試しください。',
  detail: '同じ名前のファミリーが既に存在します（ファミリー名: 半導体装置及びその製造方法に関する出願群）。',
};
/** Wrapping of long Japanese text; it stays Japanese in the English toolbar mode too. */
export const LongJapaneseText: Story = {
  args: { level: 'error', ...longJapanese },
  parameters: { enArgs: longJapanese },
};

function ToastDemo({ ja }: { ja: boolean }) {
  const toast = useToast();
  const t = (jaText: string, enText: string) => (ja ? jaText : enText);
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast.info(t('案件を登録しました', 'Matter registered'))}>
        {t('情報', 'Info')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => toast.warn(t('入力内容にエラーがあります', 'Some entries need fixing'))}
      >
        {t('警告', 'Warning')}
      </Button>
      <Button
        variant="danger"
        onClick={() =>
          toast.error(t('案件の登録に失敗しました', 'Could not register the matter'), {
            detail: 'Internal Server Error',
          })
        }
      >
        {t('エラー', 'Error')}
      </Button>
      <Button
        variant="tertiary"
        onClick={() => toast.info(t('3 秒で消えます', 'Disappears in 3 seconds'), { timeout: 3000 })}
      >
        {t('3 秒で消える通知', 'Toast for 3 seconds')}
      </Button>
      <Button variant="tertiary" onClick={() => toast.clear()}>
        {t('すべて閉じる', 'Close all')}
      </Button>
    </div>
  );
}

/** `useToast()` from the provider that `UiProvider` includes: toasts stack in the top-right corner (inside an open dialog instead), one per level, and stay until closed (timeout -1). */
export const StackedWithProvider: StoryObj = {
  parameters: { wide: true },
  render: (_args, context) => <ToastDemo ja={pick(context, true, false)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(情報|Info)$/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^(警告|Warning)$/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^(エラー|Error)$/ }));
    const region = screen.getByRole('region', { name: /通知|Notifications/ });
    await waitFor(() => expect(region.querySelectorAll('[role="status"], [role="alert"]').length).toBe(3));
  },
};

/** Ends with one warning: pressing Warning four times does not pile four toasts up; the newer replaces the older. */
export const NewerReplacesOlder: StoryObj = {
  parameters: { wide: true },
  render: (_args, context) => <ToastDemo ja={pick(context, true, false)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const warn = canvas.getByRole('button', { name: /^(警告|Warning)$/ });
    for (let i = 0; i < 4; i += 1) await userEvent.click(warn);
    await userEvent.click(canvas.getByRole('button', { name: /^(情報|Info)$/ }));
    const region = screen.getByRole('region', { name: /通知|Notifications/ });
    await waitFor(() => expect(within(region).getAllByRole('status')).toHaveLength(2));
  },
};
