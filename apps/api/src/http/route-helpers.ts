import { errorEnvelopeSchema } from '@ipportal/domain';
import type { FastifyRequest } from 'fastify';
import { AuthError } from '../auth/errors.js';
import type { Principal } from '../auth/types.js';
import type { ActorContext } from '../repositories/users.js';

/** Every failure status an authenticated JSON route can answer, all with the error envelope. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
} as const;

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AuthError('notLoggedIn', 'route reached without the auth hook');
  return request.principal;
}

export function actorOf(request: FastifyRequest): ActorContext {
  return { userId: principalOf(request).userId, traceId: request.id, ip: request.ip };
}

export { ok } from './envelope.js';
