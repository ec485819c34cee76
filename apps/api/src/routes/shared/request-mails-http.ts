import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { RequestRefusal } from '../../repositories/request-mails.js';

/*
 * HTTP pieces the request detail routes (mails, terms, deliverables, history) share.
 */

/** notFound -> 404 (ids cannot be probed), deleted matter -> 409 (its requests are read-only). */
export function requestRefusalError(refusal: RequestRefusal): HttpError {
  return refusal.kind === 'deleted'
    ? HttpError.conflict('projectDeleted')
    : HttpError.notFound('requestNotFound');
}

/**
 * An absolute link to a web page for mails: PUBLIC_URL when set, else the origin the caller used
 * (the web app and the API share it).
 */
export function portalLink(config: AppConfig, request: FastifyRequest, path: string): string {
  const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${path}`;
}
