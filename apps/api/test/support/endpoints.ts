import {
  pathOf,
  type ApiNamespace,
  type BodyOf,
  type EndpointRoute,
  type ParamsOf,
  type QueryOf,
} from '@ipportal/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app.js';

export interface CallArgs<E extends EndpointRoute> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  /**
   * The query as text, for a test that sends what the query schema refuses or builds the string
   * itself (a cursor from an earlier page, a table of filter combinations); `query` otherwise.
   */
  search?: string;
  body?: BodyOf<E>;
  /**
   * The body as sent, for what the definition's types would not let through: input the API must
   * refuse, a multipart form, raw bytes. `body` otherwise.
   */
  payload?: InjectOptions['payload'];
  /** The signed-in caller whose bearer header goes along; `null` or absent calls anonymously. */
  as?: { headers: Record<string, string> } | null;
  /** Sent after the caller's header (an override, Accept-Language, Idempotency-Key, ...). */
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
  const query = args.query
    ? new URLSearchParams(
        Object.entries(args.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()
    : (args.search ?? '');
  return `/${namespace}${path}${query ? `?${query}` : ''}`;
}

/**
 * The inject options of one call: method and URL from the definition, the caller's header, the
 * body. For tables of calls that go through the same checks; `call` sends one.
 */
export function injectOf<E extends EndpointRoute>(
  definition: E,
  args: CallArgs<E> = {},
): InjectOptions & { method: E['method']; url: string } {
  const payload = args.payload ?? args.body;
  return {
    method: definition.method,
    url: urlOf(definition, args),
    headers: { ...(args.as?.headers ?? {}), ...(args.headers ?? {}) },
    ...(payload === undefined ? {} : { payload }),
  };
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
  return ctx.app.inject(injectOf(definition, args));
}
