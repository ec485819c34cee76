import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Select } from './Select';

const options = [
  { value: '0', label: '特許' },
  { value: '2', label: '商標' },
];

describe('Select', () => {
  it('selects an option and passes axe', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Select label="種別" options={options} required onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: '種別' });
    expect(screen.getByRole('option', { name: '選択してください' })).toBeInTheDocument();
    await user.selectOptions(select, '2');
    expect(select).toHaveValue('2');
    expect(onChange).toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('localizes the placeholder', () => {
    renderUi(<Select label="Type" options={options} />, { locale: 'en' });
    expect(screen.getByRole('option', { name: 'Select...' })).toBeInTheDocument();
  });
});
