import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('is the contentinfo landmark with the copyright line', async () => {
    renderUi(<Footer copyright="© 2025 Example" links={<a href="/terms">利用規約</a>} />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Example');
    await expectNoAxeViolations();
  });
});
