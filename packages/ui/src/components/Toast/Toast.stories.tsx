import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Toast } from './Toast';
import { useToast } from './ToastProvider';

const meta = {
  title: 'Feedback/Toast',
  component: Toast,
  args: { level: 'info', message: '案件を登録しました', onClose: () => {} },
  decorators: [(Story) => <div style={{ maxWidth: 400 }}>{Story()}</div>],
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const Warn: Story = { args: { level: 'warn', message: '入力内容にエラーがあります' } };
export const Error: Story = {
  args: {
    level: 'error',
    message: '案件の登録に失敗しました',
    detail: 'サーバーとの通信がタイムアウトしました。',
  },
};
export const WithoutCloseButton: Story = {
  args: { onClose: undefined, message: '事務所情報を登録してください' },
};
export const LongJapaneseText: Story = {
  args: {
    level: 'error',
    message: 'ファミリー名の保存に失敗しました。時間をおいてもう一度お試しください。',
    detail:
      '同じ名前のファミリーが既に存在します（ファミリー名: 半導体装置及びその製造方法に関する出願群）。',
  },
};

function ToastDemo() {
  const toast = useToast();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast.info('案件を登録しました')}>info</Button>
      <Button variant="secondary" onClick={() => toast.warn('入力内容にエラーがあります')}>
        warn
      </Button>
      <Button
        variant="danger"
        onClick={() => toast.error('案件の登録に失敗しました', { detail: 'Internal Server Error' })}
      >
        error
      </Button>
      <Button variant="tertiary" onClick={() => toast.info('3 秒で消えます', { timeout: 3000 })}>
        3000 ms
      </Button>
      <Button variant="tertiary" onClick={() => toast.clear()}>
        clear
      </Button>
    </div>
  );
}

/** `useToast()` from the provider that `UiProvider` includes: toasts stack in the top-right corner and stay until closed (timeout -1). */
export const StackedWithProvider: StoryObj = {
  render: () => <ToastDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'info' }));
    await userEvent.click(canvas.getByRole('button', { name: 'warn' }));
    await userEvent.click(canvas.getByRole('button', { name: 'error' }));
    const region = screen.getByRole('region', { name: /通知|Notifications/ });
    await waitFor(() => expect(region.querySelectorAll('[role="status"], [role="alert"]').length).toBe(3));
  },
};
