import type { User, UserType } from '@ipportal/domain';
import { OrganizationRole } from '@ipportal/domain';
import type { Access, AccessCondition } from './route-table';

export interface AccessSubject {
  userType: UserType | null;
  user: Pick<User, 'organizationId' | 'roleInOrganizationCode'> | undefined;
}

/** Who may open the organization routes: setup without an organization, management as its administrator. */
export function conditionHolds(condition: AccessCondition, { userType, user }: AccessSubject): boolean {
  if (!user) return false;
  switch (condition) {
    case 'regularWithoutOrganization':
      return userType === 'REGULAR' && user.organizationId === null;
    case 'organizationAdmin':
      return user.organizationId !== null && user.roleInOrganizationCode === OrganizationRole.Administrator;
  }
}

export function conditionsOf(access: Access): readonly AccessCondition[] {
  return access.kind === 'protected' ? access.conditions : [];
}

export function conditionsHold(access: Access, subject: AccessSubject): boolean {
  return conditionsOf(access).every((condition) => conditionHolds(condition, subject));
}
