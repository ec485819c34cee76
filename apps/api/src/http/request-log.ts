import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * Request logging for a person reading the terminal: one short line per request when it
 * completes ("GET /user/projects 200 12 ms") instead of fastify's two JSON entries. Files of the
 * web app served fine (a page load fetches dozens) log at debug; API calls and every failure at
 * info; server errors and failed responses at error.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const line = `${request.method} ${request.url} ${status} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else if (status >= 500) reply.log.error(line);
    else if (status < 400 && !isApiPath(request.url)) reply.log.debug(line);
    else reply.log.info(line);
  }
}
