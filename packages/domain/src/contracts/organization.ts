import { z } from 'zod';
import { locales, organizationRoles } from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import { emailSchema, idSchema } from '../validation/primitives.js';
import { organizationSchema } from '../validation/schemas.js';
import { endpoint } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';
import { userResponseSchema } from './user.js';

const roleSchema = z.union(
  organizationRoles.values.map((v) => z.literal(v)),
  { error: ValidationMessage.invalidValue },
);

export const organizationItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  representativeName: z.string(),
  /** Every member must turn on two-factor sign-in before doing anything else in the portal. */
  requireTwoFactor: z.boolean(),
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
  /**
   * Whether the member signs in with a second factor; null for invitations, and where the
   * identity provider does not tell the portal (AWS Cognito mode).
   */
  twoFactorEnabled: z.boolean().nullable(),
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

/** PUT .../two-factor-requirement. */
export const twoFactorRequirementBodySchema = z.strictObject({
  required: z.boolean({ error: ValidationMessage.invalidValue }),
});
export type TwoFactorRequirementBody = z.infer<typeof twoFactorRequirementBodySchema>;

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
  /**
   * An administrator of the organization: they see every matter of it, so they are assignees of
   * each without being chosen (the picker offers members only).
   */
  administrator: z.boolean(),
});
export type ProjectAssignee = z.infer<typeof projectAssigneeSchema>;
export const projectAssigneeListResponseSchema = itemsEnvelope(projectAssigneeSchema);

export const setProjectAssigneesBodySchema = z.strictObject({
  userIds: z.array(idSchema).max(500, { error: ValidationMessage.tooLong }),
});
export type SetProjectAssigneesBody = z.infer<typeof setProjectAssigneesBodySchema>;

export const revokedInvitationResponseSchema = itemEnvelope(z.object({ id: z.uuid() }));
export const removedMemberResponseSchema = itemEnvelope(z.object({ userId: z.uuid() }));

/** Path of a matter's assignees. */
export const projectAssigneesParamsSchema = z.strictObject({ projectId: idSchema });

/** Every call an administrator of the organization may make, and what a non-administrator gets. */
const administratorsOnly = ['organizationNotFound', 'notOrganizationAdmin'] as const;

/**
 * Organizations, below /user only (REGULAR users): one organization per user, whose
 * administrators manage it and its members. A user who is not a member of the organization gets
 * 404 for it (they learn nothing about other organizations), a member gets 403 for what only
 * administrators do. Membership is read from the database on every call, and every change to it
 * applies at once.
 */
export const organizationEndpoints = {
  createOrganization: endpoint({
    method: 'POST',
    path: '/organizations',
    namespaces: ['user'],
    summary: 'Create an organization; the caller becomes its administrator',
    description:
      'Only a REGULAR user without an organization (409 otherwise). Matters the caller registered on their own move into the organization.',
    body: createOrganizationBodySchema,
    response: organizationResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['alreadyInOrganization'],
  }),
  getOrganization: endpoint({
    method: 'GET',
    path: '/organizations/:organizationId',
    namespaces: ['user'],
    summary: "The caller's organization",
    description: 'Members and administrators may read it.',
    params: organizationIdParamsSchema,
    response: organizationResponseSchema,
    refusals: ['organizationNotFound'],
  }),
  updateOrganization: endpoint({
    method: 'PATCH',
    path: '/organizations/:organizationId',
    namespaces: ['user'],
    summary: 'Rename the organization or change its representative (administrators)',
    params: organizationIdParamsSchema,
    body: updateOrganizationBodySchema,
    response: organizationResponseSchema,
    refusals: administratorsOnly,
  }),
  listMembers: endpoint({
    method: 'GET',
    path: '/organizations/:organizationId/members',
    namespaces: ['user'],
    summary: 'Members and pending invitations (administrators)',
    description:
      'Members (administrators first, then by name), then the pending invitations that have not expired.',
    params: organizationIdParamsSchema,
    response: organizationMemberListResponseSchema,
    refusals: administratorsOnly,
  }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/organizations/:organizationId/invitations',
    namespaces: ['user'],
    summary: 'Invite an email address (administrators)',
    description:
      "Queues a mail with a link in the invitee's language (their saved one when they have an account, else `locale`, else the caller's), in the invitation's transaction; the mail is delivered in the background with retries, and `mailStatus` in the members list tells how it went. Inviting an address again replaces its pending invitation (that is how a mail is resent). 409 when the address is already a member.",
    params: organizationIdParamsSchema,
    body: inviteMemberBodySchema,
    response: organizationMemberResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [...administratorsOnly, 'alreadyMember'],
  }),
  revokeInvitation: endpoint({
    method: 'DELETE',
    path: '/organizations/:organizationId/invitations/:invitationId',
    namespaces: ['user'],
    summary: 'Revoke a pending invitation (administrators)',
    params: organizationInvitationParamsSchema,
    response: revokedInvitationResponseSchema,
    refusals: [...administratorsOnly, 'invitationNotFound'],
  }),
  changeMemberRole: endpoint({
    method: 'PATCH',
    path: '/organizations/:organizationId/members/:userId',
    namespaces: ['user'],
    summary: "Change a member's role (administrators)",
    description: 'The last administrator cannot be demoted (409).',
    params: organizationMemberParamsSchema,
    body: changeMemberRoleBodySchema,
    response: organizationMemberResponseSchema,
    refusals: [...administratorsOnly, 'memberNotFound', 'lastAdministrator'],
  }),
  resetMemberTwoFactor: endpoint({
    method: 'DELETE',
    path: '/organizations/:organizationId/members/:userId/two-factor',
    namespaces: ['user'],
    summary: "Reset a member's two-factor sign-in (administrators)",
    description:
      'For a member who lost the authenticator: turns it off and forgets its secret, ends every sign-in session of the member and records who reset whom in the history. The member then signs in with the password alone and can set it up again (at once, when the organization requires it). 409 when the member has none, or when the identity provider does not let the portal reset it (AWS Cognito mode).',
    params: organizationMemberParamsSchema,
    response: organizationMemberResponseSchema,
    refusals: [...administratorsOnly, 'memberNotFound', 'twoFactorNotEnabled', 'twoFactorAdminUnavailable'],
  }),
  setTwoFactorRequirement: endpoint({
    method: 'PUT',
    path: '/organizations/:organizationId/two-factor-requirement',
    namespaces: ['user'],
    summary: 'Require two-factor sign-in of every member, or stop requiring it (administrators)',
    description:
      'While it is required, a member without two-factor sign-in gets 403 (twoFactorRequired, with the header X-Two-Factor-Required: 1) from every /user call except reading and editing their own profile, until they set it up; the identity service stays open to them. Recorded in the history. 409 when the caller has not set it up themselves (they would be shut out at once), or when the identity provider does not tell the portal who has it (AWS Cognito mode).',
    params: organizationIdParamsSchema,
    body: twoFactorRequirementBodySchema,
    response: organizationResponseSchema,
    refusals: [...administratorsOnly, 'twoFactorAdminUnavailable', 'setUpTwoFactorFirst'],
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/organizations/:organizationId/members/:userId',
    namespaces: ['user'],
    summary: 'Remove a member (administrators)',
    description:
      'Their assignments end; the matters they created stay with the organization. The last administrator cannot be removed (409).',
    params: organizationMemberParamsSchema,
    response: removedMemberResponseSchema,
    refusals: [...administratorsOnly, 'memberNotFound', 'lastAdministrator'],
  }),
  inspectInvitation: endpoint({
    method: 'POST',
    path: '/organizations/invitations/inspect',
    namespaces: ['user'],
    summary: 'What an invitation link is for',
    description:
      'The token travels in the body, never in a URL the server logs. Any signed-in REGULAR user may look; `forYou` says whether it was sent to their address.',
    body: invitationTokenBodySchema,
    response: invitationPreviewResponseSchema,
    refusals: ['invitationNotFound'],
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/organizations/invitations/accept',
    namespaces: ['user'],
    summary: 'Accept an invitation: the caller joins the organization',
    description:
      "The caller's email must be the invited one and the caller must not belong to an organization (409). Accepting twice answers the user again. Answers the user with the new organizationId and roleInOrganizationCode.",
    body: invitationTokenBodySchema,
    response: userResponseSchema,
    refusals: [
      'invitationNotFound',
      'invitationExpired',
      'invitationNotPending',
      'invitationForAnotherEmail',
      'alreadyInOrganization',
    ],
  }),
};

/**
 * Who of an organization's members works on a matter. Administrators are assignees of every
 * matter and never listed; members see the matters assigned to them.
 */
export const projectAssigneeEndpoints = {
  listProjectAssignees: endpoint({
    method: 'GET',
    path: '/projects/:projectId/assignees',
    namespaces: ['user'],
    summary: 'Members assigned to a matter',
    description: 'Anyone who sees the matter; a matter outside any organization has none.',
    params: projectAssigneesParamsSchema,
    response: projectAssigneeListResponseSchema,
    refusals: ['projectNotFound'],
  }),
  setProjectAssignees: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/assignees',
    namespaces: ['user'],
    summary: 'Set the members assigned to a matter (administrators)',
    description:
      "Replaces the set. Only members (not administrators) of the matter's organization; the member who created the matter stays assigned. 403 for members, 409 for a deleted matter or one outside any organization.",
    params: projectAssigneesParamsSchema,
    body: setProjectAssigneesBodySchema,
    response: projectAssigneeListResponseSchema,
    refusals: [
      'projectNotFound',
      'projectDeleted',
      'notOrganizationAdmin',
      'notOrganizationMatter',
      'assigneeNotMember',
    ],
  }),
};

/** The query parameter of the invitation page (`webPaths.organizationInvitation`) that carries the raw token. */
export const organizationInvitationTokenParam = 'token';
