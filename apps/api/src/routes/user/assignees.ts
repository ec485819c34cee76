import {
  projectAssigneeListResponseSchema,
  projectIdParamsSchema,
  setProjectAssigneesBodySchema,
  type FieldError,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { serverKey, translate } from '../../http/i18n.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { requestLocale } from '../../http/locale.js';
import { listAssignees, setAssignees } from '../../repositories/assignees.js';

const security = [{ idToken: [] }];
const tags = ['user'];

/**
 * Who of an organization's members works on a matter (spec section 6). Administrators are
 * assignees of every matter and never listed; members see the matters assigned to them.
 */
export const assigneeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/projects/:id/assignees',
    {
      schema: {
        tags,
        summary: 'Members assigned to a matter',
        description: 'Anyone who sees the matter; a matter outside any organization has none.',
        security,
        params: projectIdParamsSchema,
        response: { 200: projectAssigneeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const outcome = await listAssignees(app.db, principalOf(request), request.params.id);
      if (outcome.kind === 'notFound') throw HttpError.notFound('projectNotFound');
      return { hasError: false, message: ok, items: outcome.items };
    },
  );

  app.put(
    '/projects/:id/assignees',
    {
      schema: {
        tags,
        summary: 'Set the members assigned to a matter (administrators)',
        description:
          "Replaces the set. Only members (not administrators) of the matter's organization; the member who created the matter stays assigned. 403 for members, 409 for a deleted matter or one outside any organization.",
        security,
        params: projectIdParamsSchema,
        body: setProjectAssigneesBodySchema,
        response: { 200: projectAssigneeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const outcome = await setAssignees(
        app.db,
        principalOf(request),
        request.params.id,
        request.body.userIds,
        actorOf(request),
      );
      switch (outcome.kind) {
        case 'notFound':
          throw HttpError.notFound('projectNotFound');
        case 'notOrganizationMatter':
          throw HttpError.conflict('notOrganizationMatter');
        case 'forbidden':
          throw HttpError.forbidden('notOrganizationAdmin');
        case 'deleted':
          throw HttpError.conflict('projectDeleted');
        case 'notMembers': {
          const message = translate(requestLocale(request), { key: serverKey('assigneeNotMember') });
          const errors: FieldError[] = outcome.indexes.map((i) => ({ path: `userIds.${i}`, message }));
          throw new HttpError(400, { key: serverKey('assigneeNotMember') }, errors);
        }
        case 'ok':
          return { hasError: false, message: ok, items: outcome.items };
      }
    },
  );
  done();
};
