import { describe, expect, it } from 'vitest';
import { conditionHolds } from './access';

const org = '7f1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11';

describe('conditionHolds', () => {
  it('regularWithoutOrganization: REGULAR users without organizationId', () => {
    const noOrg = { organizationId: null, roleInOrganizationCode: null };
    expect(conditionHolds('regularWithoutOrganization', { userType: 'REGULAR', user: noOrg })).toBe(true);
    expect(conditionHolds('regularWithoutOrganization', { userType: 'PATENT', user: noOrg })).toBe(false);
    expect(
      conditionHolds('regularWithoutOrganization', {
        userType: 'REGULAR',
        user: { organizationId: org, roleInOrganizationCode: 1 },
      }),
    ).toBe(false);
    expect(conditionHolds('regularWithoutOrganization', { userType: 'REGULAR', user: undefined })).toBe(
      false,
    );
  });

  it('organizationAdmin: organizationId and roleInOrganizationCode 0', () => {
    expect(
      conditionHolds('organizationAdmin', {
        userType: 'REGULAR',
        user: { organizationId: org, roleInOrganizationCode: 0 },
      }),
    ).toBe(true);
    expect(
      conditionHolds('organizationAdmin', {
        userType: 'REGULAR',
        user: { organizationId: org, roleInOrganizationCode: 1 },
      }),
    ).toBe(false);
    expect(
      conditionHolds('organizationAdmin', {
        userType: 'REGULAR',
        user: { organizationId: null, roleInOrganizationCode: null },
      }),
    ).toBe(false);
  });
});
