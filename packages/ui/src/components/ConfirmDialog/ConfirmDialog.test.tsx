import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('confirms a duplicate with default texts', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderUi(
      <ConfirmDialog open title="複製しますか？" message="説明" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    expect(screen.getByRole('alertdialog', { name: '複製しますか？' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '確認' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });

  it('focuses Cancel for irreversible deletes and cancels with Escape', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderUi(
      <ConfirmDialog
        open
        tone="danger"
        title="Delete?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
      { locale: 'en' },
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('blocks closing while loading', async () => {
    const onCancel = vi.fn();
    const { user } = renderUi(
      <ConfirmDialog open loading title="x" onConfirm={() => {}} onCancel={onCancel} />,
    );
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
