import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  firmDirectoryResponseSchema,
  firmEndpoints,
  firmResponseSchema,
  savedFirmResponseSchema,
  type Firm,
} from '../src/index.js';

const firm: Firm = {
  id: '3c1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11',
  name: '山田特許事務所',
  nameEn: null,
  officeType: 'patentAttorney',
  regionCode: 1,
  address: 'Tokyo',
  phoneNumber: '+81312345678',
  email: 'office@example.com',
  website: null,
  languages: ['ja'],
  caseTypes: [1],
  technicalFields: [],
  feeNotes: null,
  complete: true,
  concierge: false,
  updateDate: '2025-01-01T00:00:00.000Z',
};

/**
 * The API serializes answers with zod's encode, which refuses any one-way transform: the office
 * answers are plain output schemas, not the profile's input schema (whose website turns '' into
 * null).
 */
describe('office answers', () => {
  it('encode as the API sends them', () => {
    const { complete: _complete, concierge: _concierge, updateDate: _updateDate, ...entry } = firm;
    const envelope = { hasError: false, message: '' };
    expect(z.encode(firmResponseSchema, { ...envelope, item: null }).item).toBeNull();
    expect(z.encode(savedFirmResponseSchema, { ...envelope, item: firm }).item).toEqual(firm);
    expect(z.encode(firmDirectoryResponseSchema, { ...envelope, items: [entry] }).items).toEqual([entry]);
    expect(firmEndpoints.saveOwnFirm.response).toBe(savedFirmResponseSchema);
  });
});
