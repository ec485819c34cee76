import type { Firm } from '@ipportal/domain';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { server, testApiBase } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { partnerFirmTexts } from '../../i18n/lazy/partner-firm-texts';

const firmUser = makeUser({ userType: 'PATENT', name: '佐藤 花子', email: 'firm@example.com' });

function makeFirm(overrides: Partial<Firm> = {}): Firm {
  return {
    id: '5d0c8a8e-3f0e-4c8e-9a54-2a6f3d9b7c02',
    name: 'さくら国際特許事務所',
    nameEn: 'Sakura International Patent Office',
    officeType: 'patentAttorney',
    regionCode: 1,
    address: '東京都千代田区丸の内2-2-2',
    phoneNumber: '+81352123456',
    email: 'info@sakura.example',
    website: 'https://sakura.example',
    languages: ['ja', 'en'],
    caseTypes: [0, 2],
    technicalFields: ['半導体', '電池'],
    feeNotes: '見積無料',
    complete: true,
    updateDate: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function serveFirm(initial: Firm | null) {
  let firm = initial;
  const puts: unknown[] = [];
  server.use(
    http.get(`${testApiBase.patent}/firm`, () =>
      HttpResponse.json({ hasError: false, message: '', item: firm }),
    ),
    http.put(`${testApiBase.patent}/firm`, async ({ request }) => {
      const body = (await request.json()) as Omit<Firm, 'id' | 'complete' | 'updateDate'>;
      puts.push(body);
      firm = { ...makeFirm(), ...body, complete: true };
      return HttpResponse.json({ hasError: false, message: '', item: firm });
    }),
  );
  return puts;
}

beforeAll(async () => {
  // One after another: concurrent first imports in a vitest worker can stall for good.
  await import('../../i18n/domain-resources');
  await import('./partner-firm-page');
  await import('./edit-partner-firm-page');
  await import('./office-reminder');
  await partnerFirmTexts.load();
}, 90_000);

// Few renders per file: in this jsdom setup a worker that has rendered these lazily loaded pages a
// few times left the next page suspended for good (no request made); one file per concern keeps
// each worker fresh. Chromium shows the same flows working (checked with Playwright).
describe('office information reminder', { timeout: 60_000 }, () => {
  it('a firm user whose office is complete sees no reminder', async () => {
    serveFirm(makeFirm());
    const app = renderApp('/chat', { session: patentSession, apiUser: firmUser });
    await waitFor(() =>
      expect(
        Object.values(app.store.getState().api.queries).some(
          (q) => q?.endpointName === 'getOwnFirm' && q.data !== undefined,
        ),
      ).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.queryByText('事務所情報を登録してください')).toBeNull();
  });
});
