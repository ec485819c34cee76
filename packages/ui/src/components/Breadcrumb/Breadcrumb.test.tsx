import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Breadcrumb } from './Breadcrumb';

describe('Breadcrumb', () => {
  it('renders links, ">" dividers and the current page', async () => {
    renderUi(
      <Breadcrumb
        items={[{ label: 'TOP', href: '/' }, { label: 'IP Portal', href: '/' }, { label: '案件管理' }]}
        renderLink={({ href, children, ...rest }) => (
          <a href={href} data-router="yes" {...rest}>
            {children}
          </a>
        )}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'パンくずリスト' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('data-router', 'yes');
    expect(within(nav).getByText('案件管理')).toHaveAttribute('aria-current', 'page');
    expect(nav.textContent).toBe('TOP>IP Portal>案件管理');
    await expectNoAxeViolations();
  });
});
