import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { renderApp } from '../../../test/renderWithProviders';
import { firmUser, makeFirm, serveFirm, loadOfficePages } from './test-support';

beforeAll(loadOfficePages, 90_000);

// Few renders per file: in this jsdom setup a worker that has rendered these lazily loaded pages a
// few times left the next page suspended for good (no request made); one file per concern keeps
// each worker fresh. Chromium shows the same flows working (checked with Playwright).
describe('office profile in English', { timeout: 60_000 }, () => {
  it('English texts', async () => {
    serveFirm(makeFirm());
    const app = renderApp('/partner-firm', { session: patentSession, apiUser: firmUser, locale: 'en' });
    expect(await app.findByText('Listed in the office directory')).toBeInTheDocument();
    expect(app.getByText('Japanese, English')).toBeInTheDocument();
    expect(app.getByText('Patent right, Trademark right')).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });
});
