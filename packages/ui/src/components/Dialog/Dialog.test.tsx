import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { theme } from '../../theme';
import { useToast } from '../Toast/ToastProvider';
import { Dialog } from './Dialog';
import type { DialogCloseReason } from './Dialog';

function Demo({ onClose }: { onClose?: (r: DialogCloseReason) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        title="案件を作成"
        description="説明"
        onClose={(reason) => {
          onClose?.(reason);
          setOpen(false);
        }}
        actions={
          <>
            <button type="button">キャンセル</button>
            <button type="button">作成</button>
          </>
        }
      >
        <input aria-label="タイトル" />
      </Dialog>
    </>
  );
}

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        open
      </button>
      <Dialog open={outer} title="外側" onClose={() => setOuter(false)}>
        <button type="button" onClick={() => setInner(true)}>
          inner
        </button>
      </Dialog>
      <Dialog open={inner} title="内側" onClose={() => setInner(false)}>
        <input aria-label="メモ" />
      </Dialog>
    </>
  );
}

function WithToast() {
  const toast = useToast();
  return (
    <Dialog open title="保存" onClose={() => {}}>
      <button type="button" onClick={() => toast.error('保存に失敗しました')}>
        save
      </button>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that traps focus and closes on Escape, returning focus', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<Demo onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: '案件を作成' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('説明');
    // Initial focus: the first focusable element (the close button).
    expect(screen.getByRole('button', { name: '閉じる' })).toHaveFocus();
    await expectNoAxeViolations();

    await user.tab();
    expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: '作成' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '閉じる' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '作成' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('closes on the backdrop and the close button', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<Demo onClose={onClose} />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenLastCalledWith('backdrop');
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith('close-button');
  });

  it('uses the 700 px max width token', () => {
    expect(theme.layout.dialogMaxWidth).toBe(700);
    renderUi(<Dialog open title="t" onClose={() => {}} />);
    expect(getComputedStyle(screen.getByRole('dialog')).maxWidth).toBe('700px');
  });

  it('makes the rest of the page inert while open and undoes it on close', async () => {
    const { user } = renderUi(<Demo />);
    const opener = screen.getByRole('button', { name: 'open' });
    const page = opener.closest('body > *');
    await user.click(opener);
    const backdrop = screen.getByTestId('dialog-backdrop');
    expect(backdrop.parentElement).toBe(document.body);
    expect(page).toHaveAttribute('inert');
    expect(backdrop).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(page).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('closes on Escape even when focus has left it', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<Demo onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes only the topmost dialog on an Escape from outside', async () => {
    const { user } = renderUi(<Nested />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'inner' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('keeps the page inert behind nested dialogs until the last one closes', async () => {
    const { user } = renderUi(<Nested />);
    const opener = screen.getByRole('button', { name: 'open' });
    const page = opener.closest('body > *');
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'inner' }));
    const [outerBackdrop, innerBackdrop] = screen.getAllByTestId('dialog-backdrop');
    expect(page).toHaveAttribute('inert');
    expect(outerBackdrop).toHaveAttribute('inert');
    expect(innerBackdrop).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(outerBackdrop).not.toHaveAttribute('inert');
    expect(page).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'inner' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(page).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('leaves toasts usable above it: a failed save in a dialog reports there', async () => {
    const { user, container } = renderUi(<WithToast />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    const region = screen.getByRole('region', { name: '通知' });
    expect(container.closest('body > *')).toHaveAttribute('inert');
    expect(region.closest('[inert]')).toBeNull();
    await user.click(within(region).getByRole('button', { name: '閉じる' }));
    expect(within(region).queryByText('保存に失敗しました')).toBeNull();
  });
});
