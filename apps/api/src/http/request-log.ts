import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * fastify's request logging, without the line for a client that closes a response still being
 * streamed: a browser leaving a page (or the web app aborting a fetch it no longer needs) does
 * that in normal browsing. A stream that fails on the server side is still logged.
 */
export class RequestLog extends LogController {
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    super.streamError(error, request, reply);
  }
}

/**
 * Request logging for a person reading the terminal: one short line per request when it
 * completes ("GET /user/projects 200 12 ms") instead of fastify's two JSON entries. Files of the
 * web app served fine (a page load fetches dozens) log at debug; API calls and every failure at
 * info; server errors and failed responses at error.
 */
export class OneLineRequestLog extends RequestLog {
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
