import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows the default text per locale', async () => {
    renderUi(<EmptyState />, { locale: 'en' });
    expect(screen.getByRole('heading', { name: 'Nothing to show' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
  it('shows title, description and action', async () => {
    renderUi(
      <EmptyState
        title="案件なし"
        description="説明"
        action={<button type="button">作成</button>}
        headingLevel={2}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: '案件なし' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '作成' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
