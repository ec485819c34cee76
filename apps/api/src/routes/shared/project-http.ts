import type { FieldError } from '@ipportal/domain';
import type { FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { HttpError } from '../../http/errors.js';
import { serverKey, translate } from '../../http/i18n.js';
import { requestLocale } from '../../http/locale.js';
import type { FieldProblem, WriteRefusal } from '../../repositories/project-details.js';

/*
 * HTTP pieces the matter routes of both namespaces share: refusals as errors and field problems
 * as a 400.
 */

/**
 * Response serializer for routes answering the matter detail. The detail contract reuses the
 * input schemas of its groups, whose optional texts carry a one-way transform ('' -> null), and
 * the default serializer (zod encode) refuses any transform. Parsing checks the same shape and
 * is a no-op on stored values (already trimmed, never '').
 */
export function parsingSerializerCompiler({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}): (data: unknown) => string {
  return (data) => {
    const result = safeParse(schema as $ZodType, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/** notFound -> 404, deleted -> 409 (deleted matters are read-only), forbidden -> 403. */
export function refusalError(refusal: WriteRefusal): HttpError {
  switch (refusal.kind) {
    case 'notFound':
      return HttpError.notFound('projectNotFound');
    case 'deleted':
      return HttpError.conflict('projectDeleted');
    case 'forbidden':
      return HttpError.forbidden(refusal.reason);
  }
}

/** Field problems found against the stored matter, answered like a validation failure. */
export function problemsError(request: FastifyRequest, problems: FieldProblem[]): HttpError {
  const locale = requestLocale(request);
  const errors: FieldError[] = problems.map((p) => ({
    path: p.path,
    message: translate(locale, { key: serverKey(p.reason) }),
  }));
  const reason = problems.length === 1 && problems[0] ? problems[0].reason : ('validationFailed' as const);
  return new HttpError(400, { key: serverKey(reason) }, errors);
}
