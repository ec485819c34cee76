import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * An absolute link to a web page for mails: PUBLIC_URL when set, else the origin the caller used
 * (the web app and the API share it).
 */
export function portalLink(config: AppConfig, request: FastifyRequest, path: string): string {
  const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${path}`;
}
