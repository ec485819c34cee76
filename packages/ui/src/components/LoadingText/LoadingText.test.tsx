import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { LoadingText } from './LoadingText';

describe('LoadingText', () => {
  it('announces the localized text', async () => {
    renderUi(<LoadingText />);
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中...');
    await expectNoAxeViolations();
  });
  it('uses English', () => {
    renderUi(<LoadingText block />, { locale: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
