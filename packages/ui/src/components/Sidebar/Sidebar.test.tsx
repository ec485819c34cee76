import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { UiProvider } from '../../provider';
import { Sidebar } from './Sidebar';
import { render } from '@testing-library/react';

describe('Sidebar', () => {
  it('renders link, active, disabled and button entries through renderLink', async () => {
    const onCreate = vi.fn();
    const renderLink = vi.fn(({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
      <a href={`/app${href}`} {...rest}>
        {children}
      </a>
    ));
    const { user } = renderUi(
      <Sidebar
        renderLink={renderLink}
        sections={[
          {
            id: 's',
            title: 'メニュー',
            items: [
              { id: 'create', label: '案件を作成', onClick: onCreate },
              { id: 'projects', label: '案件管理', href: '/projects', active: true },
              { id: 'terms', label: '期限管理', href: '/terms', disabled: true },
            ],
          },
        ]}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'メインメニュー' })).toBeInTheDocument();
    const active = screen.getByRole('link', { name: '案件管理' });
    expect(active).toHaveAttribute('href', '/app/projects');
    expect(active).toHaveAttribute('aria-current', 'page');
    const disabled = screen.getByRole('link', { name: '期限管理' });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    expect(disabled).not.toHaveAttribute('href');
    await user.click(screen.getByRole('button', { name: '案件を作成' }));
    expect(onCreate).toHaveBeenCalled();
    expect(renderLink).toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('takes the link renderer from UiProvider and is 260 px wide', () => {
    render(
      <UiProvider renderLink={({ href, children }) => <a href={`#router${href}`}>{children}</a>}>
        <Sidebar sections={[{ id: 's', items: [{ id: 'p', label: 'Projects', href: '/projects' }] }]} />
      </UiProvider>,
    );
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '#router/projects');
    expect(getComputedStyle(screen.getByRole('navigation')).width).toBe('260px');
  });
});
