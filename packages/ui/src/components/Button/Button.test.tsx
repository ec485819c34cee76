import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Button } from './Button';

describe('Button', () => {
  it('clicks, defaults to type=button and has no axe violations', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(<Button onClick={onClick}>保存</Button>);
    const button = screen.getByRole('button', { name: '保存' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });

  it('is activated with Enter and Space', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(<Button onClick={onClick}>保存</Button>);
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('replaces the label by a spinner while loading and ignores clicks', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(
      <Button loading onClick={onClick}>
        作成
      </Button>,
      { locale: 'en' },
    );
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAccessibleName(/Loading\.\.\./);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('does not fire when disabled', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(
      <Button disabled onClick={onClick}>
        保存
      </Button>,
    );
    await user.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });
});
