import {
  pathOf,
  type ApiNamespace,
  type BodyOf,
  type EndpointRoute,
  type ParamsOf,
  type QueryOf,
} from '@ipportal/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app.js';

interface CallArgs<E extends EndpointRoute> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  headers?: Record<string, string>;
  /** Required when the endpoint is served in both namespaces. */
  namespace?: ApiNamespace;
}

/** An endpoint's URL below its namespace, from its definition (the path the API registers). */
export function urlOf<E extends EndpointRoute>(definition: E, args: CallArgs<E> = {}): string {
  const namespace =
    args.namespace ?? (definition.namespaces.length === 1 ? definition.namespaces[0] : undefined);
  if (!namespace) throw new Error(`${definition.path}: say which namespace to call`);
  const fillPath: (route: EndpointRoute, values?: object) => string = pathOf;
  const path = fillPath(definition, args.params);
  const search = args.query
    ? `?${new URLSearchParams(Object.entries(args.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
  return `/${namespace}${path}${search}`;
}

/**
 * Calls one endpoint by its definition: method and URL come from the domain, as for the web app's
 * client. Tests that pin a published path keep writing it out; set-up calls use this.
 */
export function call<E extends EndpointRoute>(
  ctx: Pick<TestContext, 'app'>,
  definition: E,
  args: CallArgs<E> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: definition.method,
    url: urlOf(definition, args),
    headers: args.headers ?? {},
    ...(args.body === undefined ? {} : { payload: args.body as object }),
  });
}
