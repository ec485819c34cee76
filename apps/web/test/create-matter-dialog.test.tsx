import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from './fixtures';
import { renderApp } from './renderWithProviders';

// Its own file: after other screens of the shell tests had started loading their lazy modules,
// this dialog's lazy form now and then never settled in vitest's module runner (never in a
// browser build). A file of its own gets a fresh module graph.
describe('Create Matter dialog in the shell', { timeout: 60_000 }, () => {
  it('opens the Create Matter dialog and closes it with Escape', async () => {
    // Load the dialog's lazy modules one after the other first: in vitest's module runner (not in
    // a browser build) concurrent first imports of one module graph now and then never settled,
    // leaving the dialog on its loading text.
    await import('../src/features/projects/create-matter/create-matter-form');
    await import('../src/i18n/domain-resources');
    await import('../src/features/projects/project-texts').then((m) => m.projectTexts.load());
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: '案件管理' });
    // The sidebar is loaded apart from the first download.
    await app.user.click(await app.findByRole('button', { name: '案件作成' }));
    const dialog = await app.findByRole('dialog', { name: '案件作成' });
    expect(await within(dialog).findByRole('textbox', { name: /整理番号/ })).toBeInTheDocument();
    await app.user.keyboard('{Escape}');
    expect(app.queryByRole('dialog')).toBeNull();
    expect(app.getByRole('button', { name: '案件作成' })).toHaveFocus();
  });
});
