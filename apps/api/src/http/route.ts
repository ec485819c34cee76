import {
  binaryResponse,
  emptyResponse,
  isRefused,
  multipartBody,
  type ApiNamespace,
  type EndpointSpec,
  type Refused,
} from '@ipportal/domain';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../auth/types.js';
import { runWithClaim } from '../idempotency/context.js';
import type { ActorContext } from '../repositories/users.js';
import { requestLocale } from './locale.js';
import { refusalError } from './refusals.js';
import { actorOf, errorResponses, principalOf } from './route-helpers.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the parsed input, the caller, and (for streams and bytes) the raw pair. */
export interface RouteContext<E extends EndpointSpec> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** The signed-in caller (routes below /user and /patent). */
  readonly principal: Principal;
  /** Who did it, for history rows. */
  readonly actor: ActorContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON endpoint answers its response schema's input; bytes and 204 are sent through `reply`. */
export type RouteAnswer<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : FastifyReply;

export interface RouteOptions {
  /** Which namespace this registration serves; needed when the endpoint lives in both. */
  namespace?: ApiNamespace;
  /** Public routes (system) have no bearer token. */
  public?: boolean;
  /** Fastify's body limit for this route (uploads). */
  bodyLimit?: number;
}

/** The option of route plugins mounted in both namespaces. */
export interface NamespaceOptions {
  namespace: ApiNamespace;
}

/**
 * The one style of route plugin: a function that registers its endpoints with `route()`. Plugins
 * mounted in both namespaces take `{ namespace }` (NamespaceOptions).
 */
export function routePlugin<O extends object = Record<never, never>>(
  register: (app: FastifyInstance, options: O) => void,
): FastifyPluginAsync<O> {
  return (app, options) => {
    register(app, options);
    return Promise.resolve();
  };
}

/** A result or a refusal: the result wrapped by `wrap`, the refusal passed on. */
export function answerWith<T, A>(wrap: (value: T) => A, outcome: T | Refused): A | Refused {
  return isRefused(outcome) ? outcome : wrap(outcome);
}

const security = [{ idToken: [] }];

/**
 * Registers one endpoint definition: method, URL, schemas, OpenAPI text and the failure message
 * come from the definition; the handler parses nothing and maps nothing. A handler that returns
 * a refusal (`refuse(...)`) answers it through the one refusal table.
 */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  definition: E,
  // A handler may also send the reply itself (a stream, bytes, an answer kept as sent) and return it.
  handler: (context: RouteContext<E>) => Promise<RouteAnswer<E> | Refused | FastifyReply>,
  options: RouteOptions = {},
): void {
  const namespace =
    options.namespace ?? (definition.namespaces.length === 1 ? definition.namespaces[0] : undefined);
  if (definition.namespaces.length > 0) {
    if (!namespace || !definition.namespaces.includes(namespace)) {
      throw new Error(`route ${definition.method} ${definition.path}: mount it with one of its namespaces`);
    }
  }
  const status = definition.status ?? 200;
  const description =
    typeof definition.description === 'string'
      ? definition.description
      : namespace && definition.description
        ? definition.description[namespace]
        : undefined;
  const response =
    definition.response === binaryResponse || definition.response === emptyResponse
      ? { ...errorResponses }
      : { [status]: definition.response, ...errorResponses };
  const schema: FastifySchema & Record<string, unknown> = {
    summary: definition.summary,
    ...(namespace ? { tags: [namespace] } : {}),
    ...(description ? { description } : {}),
    ...(options.public ? {} : { security }),
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.body === multipartBody
      ? { consumes: ['multipart/form-data'] }
      : definition.body
        ? { body: definition.body }
        : {}),
    response,
  };

  app.route({
    method: definition.method,
    url: definition.path,
    schema,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    // Stored files go out as stored: most are compressed formats already, and a download keeps
    // its exact Content-Length for the browser's progress.
    ...(definition.response === binaryResponse ? { compress: false as const } : {}),
    config: {
      ...(definition.failureMessage ? { failureMessage: definition.failureMessage } : {}),
      // The idempotency plugin answers a retry with the first result before the handler runs.
      ...(definition.idempotent ? { idempotent: true } : {}),
    },
    handler: async (request, reply) => {
      const context: RouteContext<E> = {
        params: request.params as Parsed<E['params']>,
        query: request.query as Parsed<E['query']>,
        body: (definition.body === multipartBody ? undefined : request.body) as Parsed<E['body']>,
        get principal() {
          return principalOf(request);
        },
        get actor() {
          return actorOf(request);
        },
        request,
        reply,
      };
      // With its Idempotency-Key claim in scope: its commits mark the claim (plugins/idempotency.ts).
      const answer = await runWithClaim(request, () => handler(context));
      // A handler that streamed bytes returns the reply, which is a thenable: awaiting it waits for
      // the response to finish and yields undefined, so ask the reply whether it was sent.
      if (reply.sent) return reply;
      if (isRefused(answer)) throw refusalError(requestLocale(request), answer);
      return reply.code(status).send(answer);
    },
  });
}
