import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * The origin of the web app for links in mails: PUBLIC_URL when set, else the origin the caller
 * used (the web app and the API share it).
 */
export function portalOrigin(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** An absolute link to a web page of the portal, for mails. */
export function portalLink(
  config: Pick<AppConfig, 'publicUrl'>,
  request: FastifyRequest,
  path: string,
): string {
  return `${portalOrigin(config, request)}${path}`;
}
