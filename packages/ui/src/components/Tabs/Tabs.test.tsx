import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Tabs } from './Tabs';

const items = [
  { id: 'all', label: 'すべて', count: 10 },
  { id: 'patent', label: '特許', count: 4 },
  { id: 'design', label: '意匠', disabled: true },
  { id: 'trademark', label: '商標', count: 6 },
];

describe('Tabs', () => {
  it('shows counts and follows the tabs keyboard pattern', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <Tabs label="種類" items={items} onChange={onChange}>
        {(id) => `panel ${id}`}
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'すべて 10' })).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getByRole('tab', { name: /すべて/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('patent');
    await user.keyboard('{ArrowRight}');
    // The disabled tab is skipped.
    expect(onChange).toHaveBeenLastCalledWith('trademark');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel trademark');
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith('all');
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('trademark');
    await user.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('patent');
    await expectNoAxeViolations();
  });

  it('points no tab at a panel it does not render (a view switcher with the content beside it)', async () => {
    renderUi(<Tabs label="表示" items={items} />);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    for (const tab of screen.getAllByRole('tab')) expect(tab).not.toHaveAttribute('aria-controls');
    await expectNoAxeViolations();
  });
});
