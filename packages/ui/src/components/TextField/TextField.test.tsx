import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { TextField } from './TextField';

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="タイトル"
      maxLength={10}
      showCounter
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

describe('TextField', () => {
  it('links label, required mark, help and error text', async () => {
    renderUi(<TextField label="整理番号" required helpText="社内の番号" error="必須項目です" />);
    const input = screen.getByRole('textbox', { name: '整理番号' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('必須項目です 社内の番号');
    expect(screen.getByText('必須')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the required mark in English', () => {
    renderUi(<TextField label="Reference" required />, { locale: 'en' });
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('counts characters as code points', async () => {
    const { user } = renderUi(<Controlled />);
    await user.type(screen.getByRole('textbox'), '特許𠮷');
    expect(screen.getByText('3 / 10')).toBeInTheDocument();
  });

  it('marks a value longer than maxLength (set from outside) as invalid', () => {
    renderUi(<TextField label="Title" maxLength={5} showCounter value="Semiconductor" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('13 / 5')).toBeInTheDocument();
  });
});
