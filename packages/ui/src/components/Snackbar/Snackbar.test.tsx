import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { theme } from '../../theme';
import { Snackbar } from './Snackbar';

function bar() {
  return screen.getByRole('status');
}

describe('Snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes after the default 5000 ms', () => {
    expect(theme.timing.snackbarTimeoutMs).toBe(5000);
    const onClose = vi.fn();
    renderUi(<Snackbar open message="保存しました" onClose={onClose} />);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledWith('timeout');
  });

  it('stays open with timeout -1', () => {
    const onClose = vi.fn();
    renderUi(<Snackbar open timeout={-1} message="保存しました" onClose={onClose} />);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is dismissed by a pointer swipe beyond 50 px, not by a shorter one', () => {
    expect(theme.timing.swipeDismissThresholdPx).toBe(50);
    const onClose = vi.fn();
    renderUi(<Snackbar open timeout={-1} message="保存しました" onClose={onClose} />);
    fireEvent.pointerDown(bar(), { pointerType: 'mouse', clientX: 100 });
    fireEvent.pointerMove(bar(), { pointerType: 'mouse', clientX: 150 });
    fireEvent.pointerUp(bar(), { pointerType: 'mouse', clientX: 150 });
    expect(onClose).not.toHaveBeenCalled();
    expect(bar()).toHaveAttribute('data-swipe-offset', '0');

    fireEvent.pointerDown(bar(), { pointerType: 'mouse', clientX: 100 });
    fireEvent.pointerMove(bar(), { pointerType: 'mouse', clientX: 40 });
    fireEvent.pointerUp(bar(), { pointerType: 'mouse', clientX: 40 });
    expect(onClose).toHaveBeenCalledWith('swipe');
  });

  it('is dismissed by a touch swipe beyond 50 px', () => {
    const onClose = vi.fn();
    renderUi(<Snackbar open message="保存しました" onClose={onClose} />);
    fireEvent.touchStart(bar(), { touches: [{ clientX: 10 }] });
    fireEvent.touchMove(bar(), { touches: [{ clientX: 45 }] });
    fireEvent.touchEnd(bar(), { changedTouches: [{ clientX: 45 }], touches: [] });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.touchStart(bar(), { touches: [{ clientX: 10 }] });
    fireEvent.touchMove(bar(), { touches: [{ clientX: 70 }] });
    fireEvent.touchEnd(bar(), { changedTouches: [{ clientX: 70 }], touches: [] });
    expect(onClose).toHaveBeenCalledWith('swipe');
  });

  it('honours a custom threshold and the close button', () => {
    const onClose = vi.fn();
    renderUi(<Snackbar open swipeThreshold={100} message="x" onClose={onClose} />, { locale: 'en' });
    fireEvent.pointerDown(bar(), { pointerType: 'pen', clientX: 0 });
    fireEvent.pointerUp(bar(), { pointerType: 'pen', clientX: 80 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('close-button');
  });

  it('passes axe', async () => {
    vi.useRealTimers();
    renderUi(<Snackbar open timeout={-1} message="保存しました" onClose={() => {}} />);
    await expectNoAxeViolations();
  });
});
