import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/**
 * The key prefix of a store's child: a route's own limit counts under its method and URL, as the
 * plugin's Redis store names them; `createRateLimit` (no route) keeps the caller's keys, which
 * are prefixed already (`user:` for the per-user budget).
 */
export function childKeyPrefix(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): string {
  const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  return route && typeof route.url === 'string' ? `${String(route.method)}${route.url}-` : '';
}

/** The portal's stores count plain windows: the plugin's two other counting modes are refused. */
export function refuseUnsupportedOptions(
  store: string,
  options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
): void {
  if (options.continueExceeding || options.exponentialBackoff)
    throw new Error(
      `the ${store} rate limit store does not implement continueExceeding or exponentialBackoff`,
    );
}
