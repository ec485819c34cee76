import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { theme } from '../../theme';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { Toast } from './Toast';
import { useToast } from './ToastProvider';
import type { ToastApi } from './ToastProvider';

const captured: { api?: ToastApi } = {};
function Capture() {
  const toast = useToast();
  useEffect(() => {
    captured.api = toast;
  }, [toast]);
  return null;
}
function toastApi(): ToastApi {
  if (!captured.api) throw new Error('not rendered');
  return captured.api;
}

describe('Toast', () => {
  it('renders each level with its role and the detail line', async () => {
    renderUi(
      <>
        <Toast level="error" message="登録に失敗しました" detail="server says no" onClose={() => {}} />
        <Toast level="warn" message="入力エラー" />
        <Toast level="info" message="登録しました" />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('エラー: 登録に失敗しました');
    expect(screen.getByText('server says no')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);
    await expectNoAxeViolations();
  });
});

describe('useToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    captured.api = undefined;
  });

  it('defaults to timeout -1: toasts stay until closed', () => {
    expect(theme.timing.toastTimeoutMs).toBe(-1);
    renderUi(<Capture />);
    act(() => {
      toastApi().error('登録に失敗しました', { detail: 'detail line' });
    });
    act(() => {
      vi.advanceTimersByTime(10 * 60 * 1000);
    });
    const region = screen.getByRole('region', { name: '通知' });
    expect(within(region).getByRole('alert')).toHaveTextContent('登録に失敗しました');
    fireEvent.click(within(region).getByRole('button', { name: '閉じる' }));
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('closes after an explicit timeout', () => {
    renderUi(<Capture />);
    act(() => {
      toastApi().info('saved', { timeout: 3000 });
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('saved')).toBeNull();
  });

  it('keeps one toast per level: a newer one replaces the older of its level', () => {
    renderUi(<Capture />, { locale: 'en' });
    act(() => {
      for (let i = 1; i <= 4; i += 1) toastApi().warn(`Check the form (${i})`);
      toastApi().info('saved');
      toastApi().error('failed');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByText(/Check the form/)).toHaveLength(1);
    expect(within(region).getByText(/Check the form \(4\)/)).toBeInTheDocument();
    expect(within(region).getByText(/saved/)).toBeInTheDocument();
    expect(within(region).getByText(/failed/)).toBeInTheDocument();
  });

  it('keeps a toast shown with its own id apart from the others of its level', () => {
    renderUi(<Capture />, { locale: 'en' });
    act(() => {
      toastApi().warn('Complete your profile', { id: 'reminder' });
      toastApi().warn('Check the form');
      toastApi().warn('Check the form again');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(
      within(region)
        .getAllByText(/Complete|Check/)
        .map((e) => e.textContent),
    ).toEqual(['Warning: Complete your profile', 'Warning: Check the form again']);
  });

  it('stacks toasts in order, replaces by id and clears', () => {
    renderUi(<Capture />, { locale: 'en' });
    act(() => {
      toastApi().info('first');
      toastApi().warn('second');
      toastApi().show({ level: 'error', message: 'third', id: 'x' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(
      within(region)
        .getAllByText(/first|second|third/)
        .map((e) => e.textContent),
    ).toEqual(['Information: first', 'Warning: second', 'Error: third']);
    act(() => {
      toastApi().show({ level: 'info', message: 'third replaced', id: 'x' });
    });
    expect(within(region).queryByText(/third$/)).toBeNull();
    expect(within(region).getByText(/third replaced/)).toBeInTheDocument();
    act(() => {
      toastApi().clear();
    });
    expect(within(region).queryByText(/first/)).toBeNull();
  });

  it('offers an action that runs and closes the toast', () => {
    const open = vi.fn();
    renderUi(<Capture />, { locale: 'en' });
    act(() => {
      toastApi().info('Matter registered', { action: { label: 'Open matter', onClick: open } });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.click(within(region).getByRole('button', { name: 'Open matter' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(within(region).queryByText(/Matter registered/)).toBeNull();
  });

  it('leaves a toast of the last action on the page behind the next question; one raised in the dialog shows there', () => {
    function Page() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <Capture />
          <button type="button" onClick={() => setAsking(true)}>
            Issue
          </button>
          <ConfirmDialog
            open={asking}
            title="Issue this invoice?"
            onConfirm={() => toastApi().error('Could not issue')}
            onCancel={() => setAsking(false)}
          />
        </>
      );
    }
    renderUi(<Page />, { locale: 'en' });
    act(() => {
      toastApi().info('Estimate sent');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Issue this invoice?' });
    expect(within(dialog).queryByText(/Estimate sent/)).toBeNull();
    const sent = screen.getByText(/Estimate sent/);
    // Part of the page behind the modal: dimmed and out of reach like the rest of it.
    expect(sent.closest('[inert]')).not.toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText(/Could not issue/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByText(/Could not issue/)).toBeInTheDocument();
    expect(within(region).getByText(/Estimate sent/)).toBeInTheDocument();
    expect(region.closest('[inert]')).toBeNull();
  });

  it('throws a clear error outside the provider', () => {
    vi.useRealTimers();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => {
      // Rendering without UiProvider on purpose.
      render(<Capture />);
    }).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});
