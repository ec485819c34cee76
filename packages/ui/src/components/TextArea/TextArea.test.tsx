import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('renders label, help, error and counter', async () => {
    renderUi(
      <TextArea
        label="依頼内容"
        required
        helpText="ヒント"
        error="必須項目です"
        showCounter
        maxLength={5}
        value="abc"
        onChange={() => {}}
      />,
    );
    const area = screen.getByRole('textbox', { name: '依頼内容' });
    expect(area).toBeRequired();
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('3 / 5')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('with a counter, keeps pasted text past the limit and marks it invalid', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <TextArea
          label="Note"
          showCounter
          maxLength={4}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      );
    }
    const { user } = renderUi(<Controlled />, { locale: 'en' });
    const area = screen.getByRole('textbox', { name: 'Note' });
    await user.click(area);
    await user.paste('abcdef');
    expect(area).toHaveValue('abcdef');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('6 / 4')).toBeInTheDocument();
  });

  it('announces when over the limit', () => {
    renderUi(<TextArea label="Note" showCounter maxLength={2} value="abcd" onChange={() => {}} />, {
      locale: 'en',
    });
    expect(screen.getByText(/2 characters over the limit/)).toBeInTheDocument();
  });

  it('accepts typing', async () => {
    const { user } = renderUi(<TextArea label="コメント" />);
    await user.type(screen.getByRole('textbox'), '了解しました');
    expect(screen.getByRole('textbox')).toHaveValue('了解しました');
  });
});
