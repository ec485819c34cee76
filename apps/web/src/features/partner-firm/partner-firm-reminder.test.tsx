import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { renderApp } from '../../../test/renderWithProviders';
import { firmUser, serveFirm, loadOfficePages } from './test-support';

beforeAll(loadOfficePages, 90_000);

// Few renders per file: in this jsdom setup a worker that has rendered these lazily loaded pages a
// few times left the next page suspended for good (no request made); one file per concern keeps
// each worker fresh. Chromium shows the same flows working (checked with Playwright).
describe('office information reminder', { timeout: 60_000 }, () => {
  it('a firm user without an office gets the reminder toast, whose link leads to /edit-partner-firm', async () => {
    serveFirm(null);
    const app = renderApp('/partner-firm', { session: patentSession, apiUser: firmUser });
    expect(await app.findByText('事務所情報を登録してください')).toBeInTheDocument();
    expect(await app.findByText('事務所情報が登録されていません')).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: '事務所情報を登録する' }));
    await waitFor(() => expect(app.location()).toBe('/edit-partner-firm'));
    expect(app.queryByText('事務所情報を登録してください')).toBeNull();
  });
});
