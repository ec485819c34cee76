import type { DeadlineItem, RequestDetail, User } from '@ipportal/domain';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '0b6d3b9c-6a53-4f0e-9a41-1f6a2d7d9c10',
    userType: 'REGULAR',
    email: 'hanako@example.com',
    name: 'Hanako Yamada',
    address: 'Tokyo',
    phoneNumber: '+81312345678',
    regionCode: 1,
    locale: 'ja',
    organizationId: null,
    roleInOrganizationCode: null,
    firmId: null,
    twoFactorSetupRequired: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const organizationId = '7f1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11';

/** A request as GET /requests/{projectId}/{requestId} answers it (an estimate to a Japanese patent office). */
export function makeRequestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    projectId: '3f0c5b7e-2a41-4c55-9a3e-6b1d0f2e8a01',
    requestId: 1,
    name: '米国出願の見積依頼',
    type: 'estimate',
    status: 1,
    assignee: null,
    regionCode: 1,
    officeType: 'patentAttorney',
    target: {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      name: '山田特許事務所',
      nameEn: 'Yamada Patent Office',
    },
    client: { name: '株式会社サンプル技研', contact: null },
    registDate: '2026-11-20T01:00:00.000Z',
    decisionPeriod: null,
    userPeriod: null,
    concierge: 'notUsed',
    declinedAt: null,
    declineReason: null,
    project: { refrenceCode: 'P-2026-001', title: '燃料電池用セパレータ', type: 0, deleted: false },
    updateDate: '2026-11-20T01:00:00.000Z',
    content: '見積をお願いします',
    ...overrides,
  };
}

/** A deadline row of /terms and the annuity pages: an open procedural deadline of a JP patent, from the rules. */
export function makeDeadlineItem(
  extra: Partial<DeadlineItem> & Pick<DeadlineItem, 'key' | 'date' | 'projectId'>,
): DeadlineItem {
  return {
    refrenceCode: 'P-2024-001',
    projectTitle: '燃料電池用セパレータ',
    caseType: 0,
    regionCode: 1,
    origin: 'rule',
    kind: 'procedure',
    scope: 'term',
    ruleId: null,
    year: null,
    nameKey: null,
    name: null,
    request: null,
    plainDate: extra.date,
    shift: null,
    opensOn: null,
    lateUntil: null,
    ruleConfirmed: true,
    legalSource: null,
    state: 'open',
    stateBy: null,
    stateAt: null,
    lapseReason: null,
    completedOn: null,
    completionNote: null,
    evidenceUrl: null,
    enteredBy: null,
    confirmedBy: null,
    confirmedAt: null,
    ...extra,
  };
}
