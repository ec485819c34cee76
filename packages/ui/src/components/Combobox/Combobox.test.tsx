import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { regionOptions } from '../../../test/fixtures/regions';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Combobox } from './Combobox';
import { normalizeForSearch } from './filter';

const regions = regionOptions('ja');

function Controlled({ onChange }: { onChange: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Combobox
      label="国・地域"
      options={regions}
      value={value}
      clearable
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('Combobox', () => {
  it('has 200+ region options to search', () => {
    expect(regions.length).toBeGreaterThan(200);
  });

  it('filters by label, English keyword or code and picks with the keyboard', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Controlled onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: '国・地域' });
    await user.type(input, 'ドイツ');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('DE');
    expect(input).toHaveValue('ドイツ');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.clear(input);
    await user.type(input, 'japan');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('JP');
    await expectNoAxeViolations();
  });

  it('moves the active option with arrows and sets aria-activedescendant', async () => {
    const { user } = renderUi(<Controlled onChange={() => {}} />);
    const input = screen.getByRole('combobox');
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(document.getElementById(active!)).toHaveAttribute('role', 'option');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations();
  });

  it('shows the no-match text and clears', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Controlled onChange={onChange} />, { locale: 'en' });
    const input = screen.getByRole('combobox');
    await user.type(input, 'qqqqq');
    expect(screen.getByText('No matching options')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'fra');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  // Speed is not asserted here (a loaded CI machine makes timings meaningless); this checks that
  // filtering a large list narrows it correctly.
  it('filters 1,000 options down to the match', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ value: String(i), label: `Option ${i}` }));
    const { user } = renderUi(<Combobox label="Many" options={many} />);
    await user.type(screen.getByRole('combobox'), '999');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('searches elsewhere: reports the typed text, shows the given options as they are, says when loading', async () => {
    const queries: string[] = [];
    function Remote() {
      const [query, setQuery] = useState('');
      // Stands in for a server search: matches the reference code or a word the label does not show.
      // While "x" is being searched nothing has come back yet.
      const options =
        query === '' || query === 'x' ? [] : [{ value: 'm-1', label: 'P-2026-001 燃料電池用セパレータ' }];
      return (
        <Combobox
          label="案件"
          options={options}
          filtering="none"
          loading={query === 'x'}
          onQueryChange={(q) => {
            queries.push(q);
            setQuery(q);
          }}
        />
      );
    }
    const { user } = renderUi(<Remote />);
    const input = screen.getByRole('combobox', { name: '案件' });
    await user.type(input, 'x');
    expect(screen.getByText('読み込み中...')).toBeInTheDocument();
    await user.type(input, 'y');
    // "xy" is not in the label: a local filter would hide the server's match.
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(queries).toEqual(['x', 'xy']);
  });

  it('normalizes width and kana', () => {
    expect(normalizeForSearch('ﾆﾎﾝ')).toBe(normalizeForSearch('にほん'));
    expect(normalizeForSearch('ＡＢＣ')).toBe('abc');
  });
});
