import { resolveRuntimeConfig } from '@ipportal/domain';
import type { RuntimeConfig } from '@ipportal/domain';

export type { RuntimeConfig };
type IdentityPoolConfig = RuntimeConfig['identity']['regular'];

// The domain's zod schema describes this answer; checking its shape by hand here keeps zod out of
// the first download (it is not otherwise needed before a page loads).
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPool(value: unknown): value is IdentityPoolConfig {
  return (
    isRecord(value) &&
    typeof value.userPoolId === 'string' &&
    typeof value.clientId === 'string' &&
    typeof value.endpoint === 'string'
  );
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (
    isRecord(value) &&
    typeof value.productName === 'string' &&
    isRecord(value.apiBase) &&
    typeof value.apiBase.user === 'string' &&
    typeof value.apiBase.patent === 'string' &&
    isRecord(value.identity) &&
    isPool(value.identity.regular) &&
    isPool(value.identity.patent) &&
    typeof value.realtimeUrl === 'string'
  ) {
    return value as unknown as RuntimeConfig;
  }
  throw new Error('/config.json does not have the expected shape');
}

/**
 * GET /config.json with its URLs made absolute against the page's address: without PUBLIC_URL
 * the server answers paths, and the realtime socket needs a `ws:`/`wss:` URL.
 */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = fetch,
  pageUrl: string = window.location.href,
): Promise<RuntimeConfig> {
  const response = await fetchFn('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return resolveRuntimeConfig(parseRuntimeConfig(await response.json()), pageUrl);
}
