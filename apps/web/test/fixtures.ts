import type { User } from '@ipportal/domain';

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
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const organizationId = '7f1f7a53-0c55-4d4f-8f0e-4c8a9b6e2d11';
