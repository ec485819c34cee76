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
  UpdateOrganizationBody,
  User,
} from '@ipportal/domain';
import { api } from '../api.js';
import { userApi } from '../user-api.js';

const organizationPath = (id: string) => `/organizations/${encodeURIComponent(id)}`;

/** Tags of this slice (added to the one API slice here, so api.ts stays as it is). */
const withTags = api.enhanceEndpoints({
  addTagTypes: ['Organization', 'OrganizationMembers', 'ProjectAssignees'],
});

/**
 * Organizations (spec sections 3 and 6): the organization, its members and invitations, joining
 * by an invitation, and a matter's assignees. Accepting an invitation writes the answered user
 * into the cache, so guards and the sidebar switch at once (creating one: see its note).
 */
export const organizationsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getOrganization: build.query<Organization, string>({
      query: (id) => ({ url: organizationPath(id) }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),

    /**
     * The caller writes the new organizationId and role into the cached user together with its
     * next navigation (see the create page): done here, the page's own guard (no organization
     * allowed) would redirect first.
     */
    createOrganization: build.mutation<Organization, CreateOrganizationBody>({
      query: (body) => ({ url: '/organizations', method: 'POST', body }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
    }),

    updateOrganization: build.mutation<Organization, { id: string; body: UpdateOrganizationBody }>({
      query: ({ id, body }) => ({ url: organizationPath(id), method: 'PATCH', body }),
      transformResponse: (response: ItemEnvelope<Organization>) => response.item,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Organization', id }],
    }),

    listMembers: build.query<OrganizationMember[], string>({
      query: (organizationId) => ({ url: `${organizationPath(organizationId)}/members` }),
      transformResponse: (response: ItemsEnvelope<OrganizationMember>) => response.items,
      providesTags: (_result, _error, id) => [{ type: 'OrganizationMembers', id }],
    }),

    inviteMember: build.mutation<OrganizationMember, { organizationId: string; body: InviteMemberBody }>({
      query: ({ organizationId, body }) => ({
        url: `${organizationPath(organizationId)}/invitations`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: ItemEnvelope<OrganizationMember>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
      ],
    }),

    revokeInvitation: build.mutation<{ id: string }, { organizationId: string; invitationId: string }>({
      query: ({ organizationId, invitationId }) => ({
        url: `${organizationPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
        method: 'DELETE',
      }),
      transformResponse: (response: ItemEnvelope<{ id: string }>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
      ],
    }),

    changeMemberRole: build.mutation<
      OrganizationMember,
      { organizationId: string; userId: string; body: ChangeMemberRoleBody }
    >({
      query: ({ organizationId, userId, body }) => ({
        url: `${organizationPath(organizationId)}/members/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: ItemEnvelope<OrganizationMember>) => response.item,
      // Assignments change with the role (administrators are not listed as assignees).
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
        'ProjectAssignees',
      ],
    }),

    removeMember: build.mutation<{ userId: string }, { organizationId: string; userId: string }>({
      query: ({ organizationId, userId }) => ({
        url: `${organizationPath(organizationId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      transformResponse: (response: ItemEnvelope<{ userId: string }>) => response.item,
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationMembers', id: organizationId },
        'ProjectAssignees',
      ],
    }),

    inspectInvitation: build.query<InvitationPreview, string>({
      query: (token) => ({ url: '/organizations/invitations/inspect', method: 'POST', body: { token } }),
      transformResponse: (response: ItemEnvelope<InvitationPreview>) => response.item,
    }),

    acceptInvitation: build.mutation<User, string>({
      query: (token) => ({ url: '/organizations/invitations/accept', method: 'POST', body: { token } }),
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
      query: (projectId) => ({ url: `/projects/${encodeURIComponent(projectId)}/assignees` }),
      transformResponse: (response: ItemsEnvelope<ProjectAssignee>) => response.items,
      providesTags: (_result, _error, projectId) => [{ type: 'ProjectAssignees', id: projectId }],
    }),

    setAssignees: build.mutation<ProjectAssignee[], { projectId: string; userIds: string[] }>({
      query: ({ projectId, userIds }) => ({
        url: `/projects/${encodeURIComponent(projectId)}/assignees`,
        method: 'PUT',
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
  useRevokeInvitationMutation,
  useSetAssigneesMutation,
  useUpdateOrganizationMutation,
} = organizationsApi;
