import { endpoint } from './endpoint.js';
import { projectAssigneeListResponseSchema, setProjectAssigneesBodySchema } from './organization.js';
import { projectIdParamsSchema } from './project.js';

/**
 * Who of an organization's members works on a matter. Administrators are assignees of every
 * matter and never listed; members see the matters assigned to them. REGULAR users only.
 */
export const projectAssigneeEndpoints = {
  listProjectAssignees: endpoint({
    method: 'GET',
    path: '/projects/:id/assignees',
    namespaces: ['user'],
    summary: 'Members assigned to a matter',
    description: 'Anyone who sees the matter; a matter outside any organization has none.',
    params: projectIdParamsSchema,
    response: projectAssigneeListResponseSchema,
    refusals: ['projectNotFound'],
  }),
  setProjectAssignees: endpoint({
    method: 'PUT',
    path: '/projects/:id/assignees',
    namespaces: ['user'],
    summary: 'Set the members assigned to a matter (administrators)',
    description:
      "Replaces the set. Only members (not administrators) of the matter's organization; the member who created the matter stays assigned. 403 for members, 409 for a deleted matter or one outside any organization.",
    params: projectIdParamsSchema,
    body: setProjectAssigneesBodySchema,
    response: projectAssigneeListResponseSchema,
    refusals: [
      'projectNotFound',
      'notOrganizationMatter',
      'notOrganizationAdmin',
      'projectDeleted',
      'assigneeNotMember',
    ],
  }),
};
