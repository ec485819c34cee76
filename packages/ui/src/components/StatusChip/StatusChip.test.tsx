import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Badge, StatusChip } from './StatusChip';

describe('StatusChip and Badge', () => {
  it('renders the status text and caps badge counts', async () => {
    renderUi(
      <>
        <StatusChip tone="success" dot>
          完了
        </StatusChip>
        <Badge count={120} />
        <Badge count={5} label="未読 5 件" />
      </>,
    );
    expect(screen.getByText('完了')).toBeInTheDocument();
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '未読 5 件' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
