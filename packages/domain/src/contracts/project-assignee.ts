import { z } from 'zod';
import { idSchema } from '../validation/primitives.js';
import { endpoint } from './endpoint.js';
import { projectAssigneeListResponseSchema, setProjectAssigneesBodySchema } from './organization.js';

/** Path of a matter's assignees. */
const projectAssigneesParamsSchema = z.strictObject({ projectId: idSchema });

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
