import { pathOf, type BodyOf, type EndpointRoute, type ParamsOf, type QueryOf } from '@ipportal/domain';
import type { ApiRequest } from './base-query.js';

type Args<E extends EndpointRoute> = (ParamsOf<E> extends undefined
  ? { params?: never }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: never } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: unknown } : { body: BodyOf<E> });

/**
 * The request an RTK Query endpoint sends for one endpoint definition of @ipportal/domain (or a
 * bare route of one, for the calls of the first download): its method, its path with typed
 * params, its query and body, its failure message, and its namespace when only one user type may
 * call it (else the signed-in user's type chooses).
 */
export function apiRequest<E extends EndpointRoute>(definition: E, args: Args<E>): ApiRequest {
  const { params, query, body } = args as { params?: object; query?: object; body?: unknown };
  // The params were checked against the definition by `Args<E>`; pathOf's own check needs E known.
  const fillPath: (route: EndpointRoute, values?: object) => string = pathOf;
  const url = fillPath(definition, params);
  const request: ApiRequest = { url, method: definition.method };
  if (query) request.params = query as ApiRequest['params'];
  if (body !== undefined) request.body = body;
  if (definition.namespaces.length === 1) request.namespace = definition.namespaces[0];
  if (definition.failureMessage) request.failureMessage = definition.failureMessage;
  return request;
}
