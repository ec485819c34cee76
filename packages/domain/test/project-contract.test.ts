import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  projectDetailEndpoints,
  projectDetailResponseSchema,
  projectDetailSchema,
  type ProjectDetail,
} from '../src/index.js';

const detail: ProjectDetail = {
  id: '3c1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11',
  type: 2,
  refrenceCode: 'TM-1',
  regionCode: 1,
  title: 'A mark',
  status: 0,
  name: null,
  applicationCode: '商願2026-000001',
  applicationDate: '2026-01-05',
  publicationCode: null,
  registCode: null,
  registDate: null,
  requestCount: 0,
  concierge: 'notUsed',
  family: null,
  deletedAt: null,
  createDate: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-02T00:00:00.000Z',
  trademark: {
    imageFileId: null,
    searchText: 'エー',
    designatedGoodsAndServices: null,
    classes: [9, 42],
    designatedGoodsClass: null,
    designatedServices: null,
  },
  application: {
    applicationCode: '商願2026-000001',
    applicationDate: '2026-01-05',
    publicationCode: null,
    publicationDate: null,
    priorityPeriod: null,
    examRequestPeriod: null,
    examRequestDate: null,
    accessCode: null,
  },
  registration: {
    registCode: null,
    issueDate: null,
    officialPublicationDate: null,
    grantDecisionDate: null,
    registDate: null,
    claimsCount: null,
    durationExpiry: null,
    rightsStatus: null,
  },
  maintenance: {
    registrationFeePaymentDate: null,
    yearFrom: 1,
    yearTo: 3,
    nextPaymentDate: null,
    dueDate: null,
    paymentYear: null,
    paymentDate: null,
  },
  applicants: [
    {
      role: 'applicant',
      identificationNumber: null,
      name: '株式会社A',
      address: null,
      shareRatio: 100,
      contribution: null,
    },
  ],
  international: {
    applicationNumber: null,
    applicationDate: null,
    publicationNumber: null,
    publicationDate: null,
    nationalTransitionDeadline: null,
    article19AmendmentDeadline: null,
    preliminaryExamDeadline: null,
    searchReportTransmittalDate: null,
  },
  priorityClaims: [
    {
      regionCode: 2,
      baseApplicationNumber: 'US 63/000,001',
      baseApplicationDate: '2025-07-01',
      accessCode: null,
    },
  ],
  settings: { allowRequestedOfficeEdit: false },
};

/**
 * The API serializes answers with zod's encode, which refuses any one-way transform: the matter
 * detail has a plain output schema, not the groups' input schemas (whose optional texts turn ''
 * into null).
 */
describe('the matter detail answer', () => {
  it('encodes as the API sends it', () => {
    const envelope = { hasError: false, message: '', item: detail };
    expect(z.encode(projectDetailResponseSchema, envelope).item).toEqual(detail);
    expect(projectDetailEndpoints.getProject.response).toBe(projectDetailResponseSchema);
    expect(projectDetailEndpoints.updateProject.response).toBe(projectDetailResponseSchema);
    expect(projectDetailEndpoints.putTrademarkImage.response).toBe(projectDetailResponseSchema);
  });

  it('names every group field the input schemas have', () => {
    expect(Object.keys(projectDetailSchema.shape.trademark.shape)).toEqual(Object.keys(detail.trademark));
    expect(projectDetailSchema.parse(detail)).toEqual(detail);
  });
});
