import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its title', async () => {
    renderUi(
      <Card title="出願情報" actions={<button type="button">編集</button>} footer="更新日">
        本文
      </Card>,
    );
    expect(screen.getByRole('region', { name: '出願情報' })).toHaveTextContent('本文');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('出願情報');
    await expectNoAxeViolations();
  });
});
