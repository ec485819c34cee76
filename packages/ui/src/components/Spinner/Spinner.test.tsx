import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces the localized loading text', async () => {
    renderUi(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中...');
    await expectNoAxeViolations();
  });

  it('uses English texts and custom labels', () => {
    renderUi(
      <>
        <Spinner />
        <Spinner label="Saving" />
      </>,
      { locale: 'en' },
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses[0]).toHaveTextContent('Loading...');
    expect(statuses[1]).toHaveTextContent('Saving');
  });

  it('is silent when decorative', () => {
    renderUi(<Spinner label={null} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
