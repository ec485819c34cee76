import { within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import {
  defaultReminderSettings as defaults,
  reminderSettingsApi as settingsApi,
} from '../../../test/reminder-settings-api';
import { renderApp } from '../../../test/renderWithProviders';

const slow = { timeout: 20_000 };

beforeAll(async () => {
  await import('./pension-notification-page');
}, 60_000);

describe('/pension/notification', { timeout: 60_000 }, () => {
  it('edits the annuity scope of the reminder settings', async () => {
    const pension = settingsApi({ ...defaults('pension'), offsets: ['P3M', 'P1M'] });
    const term = settingsApi(defaults('term'));
    const app = renderApp('/pension/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '年金通知設定' }, slow);
    expect(
      within(form).getByText(/年金（特許料・登録料、更新登録料、維持年金）のお知らせメール/),
    ).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: '3か月前' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: '6か月前' })).not.toBeChecked();
    // Annuities are payments: the kinds of other deadlines are not offered here.
    expect(within(form).queryByRole('checkbox', { name: '手続期限' })).not.toBeInTheDocument();
    // No calendar feed here: that is the deadlines' page.
    expect(app.queryByRole('button', { name: 'URL を発行' })).not.toBeInTheDocument();

    await app.user.click(within(form).getByRole('checkbox', { name: '6か月前' }));
    await app.user.click(within(form).getByRole('radio', { name: '1 日分をまとめて（毎日）' }));
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await app.findByText('お知らせの設定を保存しました', {}, slow)).toBeInTheDocument();
    expect(pension.bodies).toEqual([
      { enabled: true, offsets: ['P6M', 'P3M', 'P1M'], kinds: ['payment'], delivery: 'daily' },
    ]);
    expect(term.bodies).toEqual([]);
    expect(app.missingKeys).toEqual([]);
  });

  it('reads in English (en)', async () => {
    settingsApi(defaults('pension'));
    const app = renderApp('/pension/notification', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const form = await app.findByRole('form', { name: 'Annuity notification settings' }, slow);
    expect(within(form).getByText(/Reminder mails for annuities/)).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'On the day' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'One mail per reminder' })).toBeChecked();
    // The glossary: annuity in English texts, also in the breadcrumb and the page title.
    expect(app.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent(/Annuity management/);
    expect(document.title).toContain('Annuity notification settings');
    expect(app.missingKeys).toEqual([]);
  });
});
