import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Switch } from './Switch';

describe('Switch', () => {
  it('toggles with click, Space and Enter', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Switch label="通知" description="説明" onChange={onChange} />);
    const sw = screen.getByRole('switch', { name: '通知' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(onChange.mock.calls.map((c) => c[0] as boolean)).toEqual([true, false, true]);
    await expectNoAxeViolations();
  });

  it('respects controlled state and disabled', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Switch label="x" checked disabled onChange={onChange} />);
    await user.click(screen.getByRole('switch'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });
});
