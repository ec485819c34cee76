import { organizationEndpoints, projectAssigneeEndpoints } from '@ipportal/domain';
import type {
  ChangeMemberRoleBody,
  CreateOrganizationBody,
  InvitationPreview,
  InviteMemberBody,
  ItemEnvelope,
  ItemsEnvelope,
  Organization,
  OrganizationMember,
  ProjectAssignee,
  TwoFactorRequirementBody,
  UpdateOrganizationBody,
  User,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import { userApi } from '../user-api.js';

/** Tags of this slice (added to the one API slice here, so api.ts stays as it is). */
const withTags = api.enhanceEndpoints({
  addTagTypes: ['Organization', 'OrganizationMembers', 'ProjectAssignees'],
});

/**
 * Organizations: the organization, its members and invitations, joining by an invitation, and a
 * matter's assignees. Accepting an invitation writes the answered user into the cache, so guards
 * and the sidebar switch at once (creating one: see its note).
 */
export const organizationsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getOrganization: build.query<Organization, string>({
      query: (organizationId) =>
        apiRequest(organizationEndpoints.getOrganization, { params: { organizationId } }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),

    /**
     * The caller writes the new organizationId and role into the cached user together with its
     * next navigation (see the create page): done here, the page's own guard (no organization
     * allowed) would redirect first.
     */
    createOrganization: build.mutation<Organization, CreateOrganizationBody>({
      query: (body) => apiRequest(organizationEndpoints.createOrganization, { body }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
    }),

    updateOrganization: build.mutation<Organization, { id: string; body: UpdateOrganizationBody }>({
      query: ({ id, body }) =>
        apiRequest(organizationEndpoints.updateOrganization, { params: { organizationId: id }, body }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Organization', id }],
    }),

    listMembers: build.query<OrganizationMember[], string>({
      query: (organizationId) =>
        apiRequest(organizationEndpoints.listMembers, { params: { organizationId } }),
      transformResponse: (response: ItemsEnvelope<OrganizationMember>) => response.items,
      providesTags: (_result, _error, id) => [{ type: 'OrganizationMembers', id }],
    }),

    inviteMember: build.mutation<OrganizationMember, { organizationId: string; body: InviteMemberBody }>({
      query: ({ organizationId, body }) =>
        apiRequest(organizationEndpoints.inviteMember, { params: { organizationId }, body }),
      transformResponse: (response: ItemEnvelope<OrganizationMember>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
      ],
    }),

    revokeInvitation: build.mutation<{ id: string }, { organizationId: string; invitationId: string }>({
      query: (params) => apiRequest(organizationEndpoints.revokeInvitation, { params }),
      transformResponse: (response: ItemEnvelope<{ id: string }>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
      ],
    }),

    changeMemberRole: build.mutation<
      OrganizationMember,
      { organizationId: string; userId: string; body: ChangeMemberRoleBody }
    >({
      query: ({ organizationId, userId, body }) =>
        apiRequest(organizationEndpoints.changeMemberRole, { params: { organizationId, userId }, body }),
      transformResponse: (response: ItemEnvelope<OrganizationMember>) => response.item,
      // Assignments change with the role (administrators are not listed as assignees).
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
        'ProjectAssignees',
      ],
    }),

    removeMember: build.mutation<{ userId: string }, { organizationId: string; userId: string }>({
      query: (params) => apiRequest(organizationEndpoints.removeMember, { params }),
      transformResponse: (response: ItemEnvelope<{ userId: string }>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
        'ProjectAssignees',
      ],
    }),

    /** Ends the member's sessions too; the list then shows two-factor sign-in off. */
    resetMemberTwoFactor: build.mutation<OrganizationMember, { organizationId: string; userId: string }>({
      query: (params) => apiRequest(organizationEndpoints.resetMemberTwoFactor, { params }),
      transformResponse: (response: ItemEnvelope<OrganizationMember>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
      ],
    }),

    /** The requirement is part of the organization; the signed-in user's own state is read again. */
    setTwoFactorRequirement: build.mutation<
      Organization,
      { organizationId: string; body: TwoFactorRequirementBody }
    >({
      query: ({ organizationId, body }) =>
        apiRequest(organizationEndpoints.setTwoFactorRequirement, { params: { organizationId }, body }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
      async onQueryStarted({ organizationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(organizationsApi.util.upsertQueryData('getOrganization', organizationId, data));
          dispatch(userApi.util.invalidateTags(['User']));
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),

    inspectInvitation: build.query<InvitationPreview, string>({
      query: (token) => apiRequest(organizationEndpoints.inspectInvitation, { body: { token } }),
      transformResponse: (response: ItemEnvelope<InvitationPreview>) => response.item,
    }),

    acceptInvitation: build.mutation<User, string>({
      query: (token) => apiRequest(organizationEndpoints.acceptInvitation, { body: { token } }),
      transformResponse: (response: ItemEnvelope<User>) => response.item,
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(userApi.util.upsertQueryData('getUser', undefined, data));
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),

    listAssignees: build.query<ProjectAssignee[], string>({
      query: (projectId) =>
        apiRequest(projectAssigneeEndpoints.listProjectAssignees, { params: { projectId } }),
      transformResponse: (response: ItemsEnvelope<ProjectAssignee>) => response.items,
      providesTags: (_result, _error, projectId) => [{ type: 'ProjectAssignees', id: projectId }],
    }),

    setAssignees: build.mutation<ProjectAssignee[], { projectId: string; userIds: string[] }>({
      query: ({ projectId, userIds }) =>
        apiRequest(projectAssigneeEndpoints.setProjectAssignees, {
          params: { projectId },
          body: { userIds },
        }),
      transformResponse: (response: ItemsEnvelope<ProjectAssignee>) => response.items,
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(organizationsApi.util.upsertQueryData('listAssignees', projectId, data));
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),
  }),
});

export const {
  useAcceptInvitationMutation,
  useChangeMemberRoleMutation,
  useCreateOrganizationMutation,
  useGetOrganizationQuery,
  useInspectInvitationQuery,
  useInviteMemberMutation,
  useListAssigneesQuery,
  useListMembersQuery,
  useRemoveMemberMutation,
  useResetMemberTwoFactorMutation,
  useRevokeInvitationMutation,
  useSetTwoFactorRequirementMutation,
  useSetAssigneesMutation,
  useUpdateOrganizationMutation,
} = organizationsApi;
