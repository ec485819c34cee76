import { act, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { renderApp } from '../../../test/renderWithProviders';
import { firmUser, makeFirm, serveFirm, loadOfficePages } from './test-support';

beforeAll(loadOfficePages, 90_000);

// Few renders per file: in this jsdom setup a worker that has rendered these lazily loaded pages a
// few times left the next page suspended for good (no request made); one file per concern keeps
// each worker fresh. Chromium shows the same flows working (checked with Playwright).
describe('office information reminder', { timeout: 60_000 }, () => {
  it('a firm user whose office is complete sees no reminder', async () => {
    serveFirm(makeFirm());
    const app = renderApp('/chat', { session: patentSession, apiUser: firmUser });
    // The reminder decides once it has both the office and its texts; act() then lets React commit
    // that render and run the reminder's effect (and any toast it raised) instead of a sleep.
    await waitFor(() => {
      const firmLoaded = Object.values(app.store.getState().api.queries).some(
        (q) => q?.endpointName === 'getOwnFirm' && q.data !== undefined,
      );
      expect(firmLoaded && app.i18n.exists('partnerFirm.reminder.message')).toBe(true);
    });
    await act(() => Promise.resolve());
    expect(app.queryByText('事務所情報を登録してください')).toBeNull();
  });
});
