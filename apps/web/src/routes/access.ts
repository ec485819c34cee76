import type { User, UserType } from '@ipportal/domain';
import { OrganizationRole } from '@ipportal/domain';
import type { Access, AccessCondition } from './route-table';

export interface AccessSubject {
  userType: UserType | null;
  user: Pick<User, 'organizationId' | 'roleInOrganizationCode'> | undefined;
}

/** Whether a condition is decided by the user type alone (known from the session, without GET /user). */
export function needsUser(condition: AccessCondition): boolean {
  return condition !== 'patentUser' && condition !== 'clientUser';
}

/**
 * Who may open a route with conditions: the office's pages for PATENT users, the client's
 * annuities, reminder settings and invoice payments for REGULAR users, organization setup
 * for clients without an organization, its management for their administrators.
 */
export function conditionHolds(condition: AccessCondition, { userType, user }: AccessSubject): boolean {
  switch (condition) {
    case 'patentUser':
      return userType === 'PATENT';
    case 'clientUser':
      return userType === 'REGULAR';
    case 'regularWithoutOrganization':
      return userType === 'REGULAR' && user !== undefined && user.organizationId === null;
    case 'organizationAdmin':
      return (
        userType === 'REGULAR' &&
        user !== undefined &&
        user.organizationId !== null &&
        user.roleInOrganizationCode === OrganizationRole.Administrator
      );
  }
}

export function conditionsOf(access: Access): readonly AccessCondition[] {
  return access.kind === 'protected' ? access.conditions : [];
}

export function conditionsHold(access: Access, subject: AccessSubject): boolean {
  return conditionsOf(access).every((condition) => conditionHolds(condition, subject));
}
