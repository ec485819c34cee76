import type { z } from 'zod';
import type { ApiErrorMessage } from '../i18n/api-errors.js';
import type { Refusal } from './refusals.js';

/**
 * One API call, defined once for both sides: the Fastify route takes its method, URL, schemas
 * and OpenAPI text from it (apps/api/src/http/route.ts), the api-client builds its URL and
 * failure message from it (`apiRequest` in packages/api-client), and tests build paths with
 * `pathOf`. Paths are below the namespace prefix (`/user`, `/patent`) and name their parameters
 * Fastify-style (`/requests/:projectId/:requestId`); the params schema has exactly those keys,
 * which `endpoint()` checks at compile time.
 */

/** The two REST backends: REGULAR users call `user`, PATENT users call `patent`. */
export type ApiNamespace = 'user' | 'patent';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body that is not JSON: a multipart form the handler reads as a stream. */
export const multipartBody = 'multipart' as const;
/** A response that is not JSON: file bytes with their own content type. */
export const binaryResponse = 'binary' as const;
/** No content (204). */
export const emptyResponse = 'empty' as const;

/**
 * Where a call goes, without its schemas: all a client needs to send it. The calls of the first
 * download (the signed-in user, the unread badge) are declared as routes in
 * `first-download-routes.ts`, which imports no zod, and their definitions spread them; the
 * client's slices for those calls import only the route, which keeps zod out of /login.
 */
export interface EndpointRoute {
  method: HttpMethod;
  path: string;
  /** The namespaces that serve it; a call from the other user type's client answers 401. */
  namespaces: readonly ApiNamespace[];
  /** The message a failure of this call starts with, before the reason. */
  failureMessage?: ApiErrorMessage;
}

export interface EndpointSpec extends EndpointRoute {
  /** OpenAPI summary. */
  summary: string;
  /** OpenAPI description; per namespace where the two differ. */
  description?: string | Partial<Record<ApiNamespace, string>>;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | typeof multipartBody;
  response: z.ZodType | typeof binaryResponse | typeof emptyResponse;
  /** Status of success; 200 unless said otherwise (201 for creations). */
  status?: 200 | 201 | 204;
  /** Every refusal the call can answer besides validation (400) and authentication (401). */
  refusals: readonly Refusal[];
  /**
   * A POST that creates something honours an `Idempotency-Key` header: a retry with the same key
   * and body answers the first result instead of creating it again (apps/api/src/idempotency).
   */
  idempotent?: true;
}

/** `'/a/:x/b/:y'` -> `'x' | 'y'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsKeys<S extends EndpointSpec> = S['params'] extends z.ZodType ? keyof z.input<S['params']> : never;

/** The params schema names exactly the path's parameters (no schema when there are none). */
type ParamsMatchPath<S extends EndpointSpec> = [PathParamNames<S['path']>] extends [ParamsKeys<S>]
  ? [ParamsKeys<S>] extends [PathParamNames<S['path']>]
    ? S
    : { error: 'params schema has keys the path does not name'; path: S['path'] }
  : { error: 'params schema lacks a path parameter'; path: S['path'] };

export function endpoint<const S extends EndpointSpec>(spec: S & ParamsMatchPath<S>): S {
  return spec;
}

/**
 * What a call takes, as the caller writes it (schema inputs). A bare route's params are its path's
 * parameter names, each a string or number.
 */
export type ParamsOf<E extends EndpointRoute> = E extends { params: z.ZodType }
  ? z.input<E['params']>
  : [PathParamNames<E['path']>] extends [never]
    ? undefined
    : Record<PathParamNames<E['path']>, string | number>;
export type QueryOf<E extends EndpointRoute> = E extends { query: z.ZodType }
  ? z.input<E['query']>
  : undefined;
export type BodyOf<E extends EndpointRoute> = E extends { body: z.ZodType } ? z.input<E['body']> : undefined;
/** What a call answers on success (the JSON envelope), as the server sends it. */
export type ResponseOf<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** The path of a call with its parameters filled in, each URI-encoded. */
export function pathOf<E extends EndpointRoute>(
  definition: E,
  ...[params]: ParamsOf<E> extends undefined ? [] : [ParamsOf<E>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return definition.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf(${definition.path}): no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
