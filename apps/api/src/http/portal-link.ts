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

/**
 * An absolute link for mails sent by a job, where no caller's origin exists: PUBLIC_URL, else the
 * address this server listens on (a development setup, where both are the same machine).
 */
export function portalLinkFromConfig(
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>,
  path: string,
): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `${config.publicUrl ?? `http://${host}:${config.port}`}${path}`;
}
