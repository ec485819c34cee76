import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { TextField } from './TextField';

function Controlled({ showCounter = true }: { showCounter?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="タイトル"
      maxLength={10}
      showCounter={showCounter}
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

  it('with a counter, keeps text past the limit (typed or pasted) and shows the excess instead of cutting it', async () => {
    const { user } = renderUi(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'タイトル' });
    await user.click(input);
    await user.paste('リチウムイオン二次電池用正極材料');
    expect(input).toHaveValue('リチウムイオン二次電池用正極材料');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('16 / 10')).toBeInTheDocument();
    expect(screen.getByText('6 文字超過しています')).toBeInTheDocument();
  });

  it('without a counter, stops at maxLength', async () => {
    const { user } = renderUi(<Controlled showCounter={false} />);
    const input = screen.getByRole('textbox', { name: 'タイトル' });
    await user.click(input);
    await user.paste('リチウムイオン二次電池用正極材料');
    expect(input).toHaveValue('リチウムイオン二次電');
  });

  it('marks a value longer than maxLength (set from outside) as invalid', () => {
    renderUi(<TextField label="Title" maxLength={5} showCounter value="Semiconductor" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('13 / 5')).toBeInTheDocument();
  });
});
