import { z } from 'zod';
import { locales, organizationRoles, userTypes } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import { phoneNumberSchema, regionCodeSchema, requiredText } from '../validation/primitives.js';
import { endpoint } from './endpoint.js';
import { userRoutes } from './first-download-routes.js';
import { itemEnvelope } from './envelope.js';

/** The signed-in user as GET /user answers it, in both namespaces. */
export const userSchema = z.object({
  id: z.uuid(),
  userType: z.enum(userTypes.values),
  email: z.string(),
  name: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  regionCode: z.number().int().nullable(),
  locale: z.enum(locales),
  /** Set when the user belongs to an organization (REGULAR) . */
  organizationId: z.uuid().nullable(),
  /** 0 administrator, 1 member; null without an organization. */
  roleInOrganizationCode: z.union(organizationRoles.values.map((v) => z.literal(v))).nullable(),
  /** The firm a PATENT user works at. */
  firmId: z.uuid().nullable(),
  /**
   * The user's organization requires two-factor sign-in and they have not set it up: until they
   * do, the API refuses everything but their profile (403 twoFactorRequired).
   */
  twoFactorSetupRequired: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** PATCH /user: the profile fields the portal keeps (email changes go through the identity service). */
export const updateUserBodySchema = z
  .strictObject({
    name: requiredText(100),
    address: requiredText(256),
    phoneNumber: phoneNumberSchema,
    regionCode: regionCodeSchema,
    locale: z.enum(locales, { error: ValidationMessage.invalidLocale }),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userResponseSchema = itemEnvelope(userSchema);
export type UserResponse = z.infer<typeof userResponseSchema>;

/**
 * The signed-in user, in the namespace of their type: GET /user/user for REGULAR users,
 * GET /patent/user for PATENT users.
 */
export const userEndpoints = {
  getUser: endpoint({
    ...userRoutes.getUser,
    summary: 'The signed-in user',
    response: userResponseSchema,
    refusals: ['userNotFound'],
  }),
  updateUser: endpoint({
    ...userRoutes.updateUser,
    summary: 'Update the profile fields the portal keeps',
    description: 'Email changes go through the identity service.',
    body: updateUserBodySchema,
    response: userResponseSchema,
    refusals: ['userNotFound'],
  }),
};
