import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionsHold } from './access';
import type { AccessSubject } from './access';
import { routeIds, routeTable } from './route-table';
import type { RouteId } from './route-table';

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

describe('who may open the protected routes', () => {
  const subjects = {
    client: { userType: 'REGULAR', user: { organizationId: null, roleInOrganizationCode: null } },
    clientAdmin: { userType: 'REGULAR', user: { organizationId: org, roleInOrganizationCode: 0 } },
    clientMember: { userType: 'REGULAR', user: { organizationId: org, roleInOrganizationCode: 1 } },
    office: { userType: 'PATENT', user: { organizationId: null, roleInOrganizationCode: null } },
  } as const satisfies Record<string, AccessSubject>;
  type Who = keyof typeof subjects;
  const everyone: Who[] = ['client', 'clientAdmin', 'clientMember', 'office'];
  // The routes for one side only; every other protected route serves clients and offices alike.
  const oneSide: Partial<Record<RouteId, Who[]>> = {
    partnerFirm: ['office'],
    editPartnerFirm: ['office'],
    firmInvoices: ['office'],
    firmEstimates: ['office'],
    firmInvoiceDrafts: ['office'],
    firmIssuedInvoices: ['office'],
    firmOverdueInvoices: ['office'],
    firmPayments: ['office'],
    firmBillingProfile: ['office'],
    // Reminder settings and annuities are the client's; /terms is both sides' (an office reads its docket).
    termsNotification: ['client', 'clientAdmin', 'clientMember'],
    // The office's calendar feed of its docket (the client's is on the notification page).
    termsCalendar: ['office'],
    pension: ['client', 'clientAdmin', 'clientMember'],
    pensionNotification: ['client', 'clientAdmin', 'clientMember'],
    // The client's invoice pages (paying); the office's are the firm-invoice pages.
    invoiceManage: ['client', 'clientAdmin', 'clientMember'],
    unpaidInvoices: ['client', 'clientAdmin', 'clientMember'],
    paidInvoices: ['client', 'clientAdmin', 'clientMember'],
    collectivePayments: ['client', 'clientAdmin', 'clientMember'],
    paymentHistory: ['client', 'clientAdmin', 'clientMember'],
    issueHistory: ['client', 'clientAdmin', 'clientMember'],
    organizationCreate: ['client'],
    organizationManage: ['clientAdmin'],
    organizationUsers: ['clientAdmin'],
  };

  it.each(routeIds.filter((id) => routeTable[id].access.kind === 'protected'))('%s', (id) => {
    const openers = everyone.filter((who) => conditionsHold(routeTable[id].access, subjects[who]));
    expect(openers).toEqual(oneSide[id] ?? everyone);
  });

  it('the office pages need only the user type, not the user', () => {
    expect(conditionHolds('patentUser', { userType: 'PATENT', user: undefined })).toBe(true);
    expect(conditionHolds('patentUser', { userType: 'REGULAR', user: undefined })).toBe(false);
    expect(conditionHolds('patentUser', { userType: null, user: undefined })).toBe(false);
  });
});
