/**
 * HTTP face of the embedded identity service: one POST endpoint per pool speaking the Cognito
 * JSON protocol (operation in X-Amz-Target), and each pool's JWKS under its issuer.
 * Registered encapsulated: the x-amz-json parser and the Cognito-style error handler stay here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userTypes } from '@ipportal/domain';
import { IdentityError } from './errors.js';
import { operations } from './operations/index.js';
import type { IdentityService } from './service.js';
import type { PoolRuntime } from './settings.js';

const targetPrefix = 'AWSCognitoIdentityProviderService.';
const amzJson = 'application/x-amz-json-1.1';

function sendError(reply: FastifyReply, error: IdentityError): FastifyReply {
  return reply
    .code(error.statusCode)
    .header('content-type', amzJson)
    .header('x-amzn-errortype', error.type)
    .send(error.toBody());
}

export function identityRoutes(
  app: FastifyInstance,
  options: { service: IdentityService },
  done: (error?: Error) => void,
): void {
  const { service } = options;

  // The client posts JSON labelled application/x-amz-json-1.1 (some SDKs 1.0).
  app.addContentTypeParser(
    ['application/x-amz-json-1.1', 'application/x-amz-json-1.0'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, body === '' ? {} : (JSON.parse(body as string) as unknown));
      } catch {
        done(new IdentityError('SerializationException', 'The request body is not valid JSON.'), undefined);
      }
    },
  );

  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof IdentityError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'identity operation failed');
      return sendError(reply, error);
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429)
      return sendError(reply, new IdentityError('TooManyRequestsException', 'Too many requests.', 429));
    if (status === 413)
      return sendError(
        reply,
        new IdentityError('InvalidParameterException', 'The request body is too large.', 413),
      );
    if (status === 415)
      return sendError(
        reply,
        new IdentityError('SerializationException', 'Send application/x-amz-json-1.1.', 415),
      );
    if (status !== undefined && status >= 400 && status < 500) {
      return sendError(
        reply,
        new IdentityError('InvalidParameterException', 'The request is not valid.', status),
      );
    }
    request.log.error({ err: error }, 'identity operation failed');
    return sendError(reply, new IdentityError('InternalErrorException', 'Internal server error.', 500));
  });

  for (const userType of userTypes.values) {
    const pool: PoolRuntime = service.pools[userType];

    app.post(pool.path, { schema: { hide: true } }, async (request, reply) => {
      const target = request.headers['x-amz-target'];
      const name =
        typeof target === 'string' && target.startsWith(targetPrefix)
          ? target.slice(targetPrefix.length)
          : undefined;
      const operation = name === undefined ? undefined : operations[name];
      if (!operation) {
        throw new IdentityError(
          'UnknownOperationException',
          `The embedded identity service does not support ${String(target ?? 'requests without X-Amz-Target')}.`,
        );
      }
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new IdentityError('SerializationException', 'The request body must be a JSON object.');
      }
      const acceptLanguage = request.headers['accept-language'];
      const result = await operation(service, pool, body, { ip: request.ip, acceptLanguage });
      reply.header('content-type', amzJson).header('cache-control', 'no-store');
      return result;
    });

    const jwksPath = `${new URL(pool.issuer).pathname}/.well-known/jwks.json`;
    app.get(jwksPath, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.keys.jwks(userType);
    });
  }
  done();
}
