import type { EndpointRoute, ParamsOf } from './endpoint.js';

/**
 * The path of a call with some of its parameters filled in and the others left as `:name`: the
 * pattern a network mock (MSW) matches. `pathOf` fills them all; a test that answers for any
 * matter fills none, a test that answers only for one matter fills that one.
 */
export function routePatternOf<E extends EndpointRoute>(
  definition: E,
  params?: Partial<NonNullable<ParamsOf<E>>>,
): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return definition.path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}
