import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { CloseIcon } from '../../icons';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by its label, shows it as the tooltip and has no axe violations', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(<IconButton label="閉じる" icon={<CloseIcon />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: '閉じる' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('title', '閉じる');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });

  it('is activated from the keyboard and not when disabled', async () => {
    const onClick = vi.fn();
    const { user, rerender } = renderUi(<IconButton label="Close" icon={<CloseIcon />} onClick={onClick} />);
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
    rerender(<IconButton label="Close" icon={<CloseIcon />} onClick={onClick} disabled />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is a square of the control height for its size', () => {
    renderUi(<IconButton label="Close" icon={<CloseIcon />} size="lg" />);
    const style = getComputedStyle(screen.getByRole('button', { name: 'Close' }));
    expect(style.width).toBe('48px');
    expect(style.padding).toBe('0px');
  });
});
