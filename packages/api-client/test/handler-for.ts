import {
  routePatternOf,
  type ApiNamespace,
  type BodyOf,
  type EndpointRoute,
  type ParamsOf,
  type PathParamNames,
} from '@ipportal/domain';
import { http, type DefaultBodyType, type HttpHandler, type HttpResponseResolver } from 'msw';

/**
 * Which namespace to answer in. A call served in one namespace needs none; a call served in both
 * (`/user` and `/patent`) needs it said, because the signed-in user's type picks the namespace and
 * the test reads clearer when it names the one its user calls.
 */
/** Where `makeTestStore` sends each namespace's calls: `http://api.test/<namespace>`. */
const testApiOrigin = 'http://api.test';

type NamespaceChoice<E extends EndpointRoute> = E['namespaces'] extends readonly [ApiNamespace]
  ? { namespace?: E['namespaces'][0] }
  : { namespace: E['namespaces'][number] };

export type HandlerOptions<E extends EndpointRoute> = NamespaceChoice<E> & {
  /** Parameters to match exactly; the others match any value. */
  params?: Partial<NonNullable<ParamsOf<E>>>;
  /** Answer only the first matching request (msw's `once`). */
  once?: boolean;
};

/** Path parameters as the mock receives them: strings, named as the definition's path names them. */
type RequestParams<E extends EndpointRoute> = Record<PathParamNames<E['path']>, string>;
/** The JSON body the client sends; a multipart or bodiless call stays untyped. */
type RequestBody<E extends EndpointRoute> = BodyOf<E> extends undefined ? DefaultBodyType : BodyOf<E>;

type OptionsArg<E extends EndpointRoute> = E['namespaces'] extends readonly [ApiNamespace]
  ? [options?: HandlerOptions<E>]
  : [options: HandlerOptions<E>];

/**
 * An MSW handler for one endpoint definition of @ipportal/domain (the web app's tests have the
 * same helper for their own test store): the method and the path come
 * from the definition, so a test answers the call the client really makes and a renamed or moved
 * endpoint breaks the test at compile time. The resolver's params and request body are typed
 * from the definition. Its answer is not: tests also answer refusals, server failures and broken
 * bodies, which the success schema does not describe.
 */
export function handlerFor<E extends EndpointRoute>(
  definition: E,
  resolver: HttpResponseResolver<RequestParams<E>, RequestBody<E>, undefined>,
  ...[options]: OptionsArg<E>
): HttpHandler {
  const namespace = options?.namespace ?? definition.namespaces[0];
  if (!namespace || !definition.namespaces.includes(namespace)) {
    throw new Error(`handlerFor(${definition.path}): not served in namespace ${String(namespace)}`);
  }
  const url = `${testApiOrigin}/${namespace}${routePatternOf(definition, options?.params)}`;
  const method = definition.method.toLowerCase() as Lowercase<E['method']>;
  return http[method]<RequestParams<E>, RequestBody<E>, undefined>(
    url,
    resolver,
    options?.once ? { once: true } : undefined,
  );
}
