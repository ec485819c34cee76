import { ApiErrorMessage, firmResponseSchema, updateFirmBodySchema } from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { getFirm, saveOwnFirm } from '../../repositories/firms.js';
import { parsingSerializerCompiler } from '../shared/project-http.js';

const security = [{ idToken: [] }];

/**
 * The caller's office (issue 9): read it, and save the whole profile. A PATENT user without an
 * office gets `item: null` and creates it with the first PUT (docs/adr/0003-office-profiles.md).
 */
export const firmRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/firm',
    {
      schema: {
        tags: ['patent'],
        summary: "The caller's office",
        description:
          '`item` is null while the user has no office; `complete` says whether it appears in the directory.',
        security,
        response: { 200: firmResponseSchema, ...errorResponses },
      },
      serializerCompiler: parsingSerializerCompiler,
    },
    async (request) => {
      const { firmId } = principalOf(request);
      const firm = firmId ? await getFirm(app.db, firmId) : undefined;
      return { hasError: false, message: ok, item: firm ?? null };
    },
  );

  app.put(
    '/firm',
    {
      schema: {
        tags: ['patent'],
        summary: "Save the caller's office profile",
        description:
          'The whole profile; every required field is what makes a profile complete. The first save of a user without an office creates it.',
        security,
        body: updateFirmBodySchema,
        response: { 200: firmResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.firmUpdateFailed },
      serializerCompiler: parsingSerializerCompiler,
    },
    async (request) => {
      const principal = principalOf(request);
      // A first save creates the office: every process drops the cached principal (no firm id yet).
      const { firm } = await app.withPrincipalChange(
        principal.userId,
        (tx) => saveOwnFirm(tx, principal.userId, request.body, actorOf(request)),
        (result) => result.created,
      );
      return { hasError: false, message: ok, item: firm };
    },
  );
  done();
};
