import { z } from 'zod';
import { locales, organizationRoles } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import { emailSchema, idSchema } from '../validation/primitives.js';
import { organizationSchema } from '../validation/schemas.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';

/*
 * Organizations (spec sections 2, 3, 6). Paths are below /user (REGULAR users only):
 *
 *   POST   /organizations                                     createOrganizationBodySchema; 201 organizationResponseSchema
 *   GET    /organizations/{organizationId}                    members and administrators; organizationResponseSchema
 *   PATCH  /organizations/{organizationId}                    administrators; updateOrganizationBodySchema
 *   GET    /organizations/{organizationId}/members            administrators; organizationMemberListResponseSchema
 *                                                             (members, then pending invitations)
 *   POST   /organizations/{organizationId}/invitations        administrators; inviteMemberBodySchema;
 *                                                             201 organizationMemberResponseSchema (status invited)
 *   DELETE /organizations/{organizationId}/invitations/{invitationId}   administrators; revoke
 *   PATCH  /organizations/{organizationId}/members/{userId}   administrators; changeMemberRoleBodySchema
 *   DELETE /organizations/{organizationId}/members/{userId}   administrators; remove (assignments end)
 *   POST   /organizations/invitations/inspect                 invitationTokenBodySchema; invitationPreviewResponseSchema
 *   POST   /organizations/invitations/accept                  invitationTokenBodySchema; userResponseSchema (the joined user)
 *   GET    /projects/{id}/assignees                           projectAssigneeListResponseSchema
 *   PUT    /projects/{id}/assignees                           administrators; setProjectAssigneesBodySchema
 */

const roleSchema = z.union(
  organizationRoles.values.map((v) => z.literal(v)),
  { error: ValidationMessage.invalidValue },
);

export const organizationItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  representativeName: z.string(),
  createDate: z.iso.datetime(),
  updateDate: z.iso.datetime(),
});
export type Organization = z.infer<typeof organizationItemSchema>;

/** The create form's schema (validation/schemas.ts), so the page and the server check the same. */
export const createOrganizationBodySchema = organizationSchema;
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

export const updateOrganizationBodySchema = createOrganizationBodySchema.partial();
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const organizationResponseSchema = itemEnvelope(organizationItemSchema);

export const organizationIdParamsSchema = z.strictObject({ organizationId: idSchema });
export const organizationMemberParamsSchema = z.strictObject({ organizationId: idSchema, userId: idSchema });
export const organizationInvitationParamsSchema = z.strictObject({
  organizationId: idSchema,
  invitationId: idSchema,
});

export const memberStatuses = ['active', 'invited'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/**
 * How an invitation's mail is doing: queued (waiting or being tried again), sent, or failed
 * (every retry used up; inviting the address again sends a new one).
 */
export const invitationMailStatuses = ['queued', 'sent', 'failed'] as const;
export type InvitationMailStatus = (typeof invitationMailStatuses)[number];

/**
 * One row of the users page: an active member (`userId` set) or a pending invitation
 * (`invitationId` set; name empty until the invitee joins).
 */
export const organizationMemberSchema = z.object({
  status: z.enum(memberStatuses),
  userId: z.uuid().nullable(),
  invitationId: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  roleInOrganizationCode: roleSchema,
  /** Joined (active) or invited (invited). */
  since: z.iso.datetime(),
  /** When a pending invitation stops working; null for members. */
  expiresAt: z.iso.datetime().nullable(),
  /** The state of a pending invitation's mail; null for members. */
  mailStatus: z.enum(invitationMailStatuses).nullable(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

export const organizationMemberListResponseSchema = itemsEnvelope(organizationMemberSchema);
export const organizationMemberResponseSchema = itemEnvelope(organizationMemberSchema);

/** POST .../invitations. `locale` is the mail's language when the invitee has no account yet. */
export const inviteMemberBodySchema = z.strictObject({
  email: emailSchema,
  roleInOrganizationCode: roleSchema.default(1),
  locale: z.enum(locales, { error: ValidationMessage.invalidLocale }).optional(),
});
export type InviteMemberBody = z.input<typeof inviteMemberBodySchema>;

export const changeMemberRoleBodySchema = z.strictObject({ roleInOrganizationCode: roleSchema });
export type ChangeMemberRoleBody = z.infer<typeof changeMemberRoleBodySchema>;

/** The raw token from the invitation link. */
export const invitationTokenBodySchema = z.strictObject({
  token: z
    .string({ error: ValidationMessage.required })
    .trim()
    .min(1, { error: ValidationMessage.required })
    .max(200, { error: ValidationMessage.tooLong }),
});
export type InvitationTokenBody = z.infer<typeof invitationTokenBodySchema>;

export const invitationStates = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationState = (typeof invitationStates)[number];

/** What the invitation page shows before the invitee accepts. */
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  roleInOrganizationCode: roleSchema,
  state: z.enum(invitationStates),
  /** True when the caller is the user who accepted it (e.g. joined automatically on sign-up). */
  acceptedByYou: z.boolean(),
  /** True when the invitation was sent to the caller's email address. */
  forYou: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewResponseSchema = itemEnvelope(invitationPreviewSchema);

/** A member assigned to a matter (administrators are assignees of every matter and not listed). */
export const projectAssigneeSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** The member created the matter: they always see it, so they stay assigned. */
  creator: z.boolean(),
});
export type ProjectAssignee = z.infer<typeof projectAssigneeSchema>;
export const projectAssigneeListResponseSchema = itemsEnvelope(projectAssigneeSchema);

export const setProjectAssigneesBodySchema = z.strictObject({
  userIds: z.array(idSchema).max(500, { error: ValidationMessage.tooLong }),
});
export type SetProjectAssigneesBody = z.infer<typeof setProjectAssigneesBodySchema>;

/** The web page an invitation mail links to, with the raw token in `token` (the route table has the same path). */
export const organizationInvitationPagePath = '/organization/invitation';
export const organizationInvitationTokenParam = 'token';
