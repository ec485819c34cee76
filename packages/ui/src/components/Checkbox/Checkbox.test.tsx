import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('toggles by click on the label and by Space', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Checkbox label="同意する" description="説明" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: /同意する/ });
    await user.click(screen.getByText('同意する'));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(box).toHaveAccessibleDescription('説明');
    await expectNoAxeViolations();
  });

  it('supports the mixed state and errors', async () => {
    renderUi(<Checkbox label="すべて" indeterminate error="エラー" />);
    const box = screen.getByRole<HTMLInputElement>('checkbox');
    expect(box.indeterminate).toBe(true);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations();
  });
});
