import { firmEndpoints } from '@ipportal/domain';
// Shared set-up of the office page tests (imported by *.test.tsx only).
import type { Firm } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { partnerFirmTexts } from './partner-firm-texts';
import { handlerFor } from '../../../test/handler-for';

export const firmUser = makeUser({ userType: 'PATENT', name: '佐藤 花子', email: 'firm@example.com' });

export function makeFirm(overrides: Partial<Firm> = {}): Firm {
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
    concierge: false,
    updateDate: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function serveFirm(initial: Firm | null) {
  let firm = initial;
  const puts: unknown[] = [];
  server.use(
    handlerFor(firmEndpoints.getOwnFirm, () =>
      HttpResponse.json({ hasError: false, message: '', item: firm }),
    ),
    handlerFor(firmEndpoints.saveOwnFirm, async ({ request }) => {
      const body = (await request.json()) as Omit<Firm, 'id' | 'complete' | 'concierge' | 'updateDate'>;
      puts.push(body);
      firm = { ...makeFirm(), ...body, complete: true };
      return HttpResponse.json({ hasError: false, message: '', item: firm });
    }),
  );
  return puts;
}

/** Loads the office pages' lazy modules one after another (call in `beforeAll`, 90 s). */
export async function loadOfficePages(): Promise<void> {
  // One after another: concurrent first imports in a vitest worker can stall for good.
  await import('../../i18n/domain-resources');
  await import('./partner-firm-page');
  await import('./edit-partner-firm-page');
  await import('./office-reminder');
  await partnerFirmTexts.load();
}
