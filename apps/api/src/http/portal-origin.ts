import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * The origin of the web app for links in mails: PUBLIC_URL when set, else the origin the caller
 * used (the web app and the API share it).
 */
export function portalOrigin(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
