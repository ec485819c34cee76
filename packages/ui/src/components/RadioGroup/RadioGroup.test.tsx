import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { RadioGroup } from './RadioGroup';

const options = [
  { value: 'a', label: '特許事務所' },
  { value: 'b', label: '翻訳会社' },
  { value: 'c', label: '調査会社', disabled: true },
];

describe('RadioGroup', () => {
  it('is a labelled group navigable with arrow keys', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <RadioGroup label="依頼先" options={options} defaultValue="a" onChange={onChange} required />,
    );
    expect(screen.getByRole('group', { name: /依頼先/ })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('radio', { name: '特許事務所' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('b');
    expect(screen.getByRole('radio', { name: '調査会社' })).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('shows errors', async () => {
    renderUi(<RadioGroup label="Type" options={options} error="Required" />, { locale: 'en' });
    expect(screen.getByRole('group')).toHaveAccessibleDescription('Required');
    await expectNoAxeViolations();
  });
});
