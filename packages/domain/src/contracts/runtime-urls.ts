import type { RuntimeConfig } from './runtime-config.js';

// Apart from runtime-config.ts so the web's first download can use it without zod's schemas.

/**
 * The WHATWG URL every runtime of the domain has (browsers, Node); the domain is built without
 * DOM or Node types, so the part used here is declared.
 */
interface WhatwgUrl {
  protocol: string;
  toString(): string;
}
declare const URL: new (url: string, base?: string | WhatwgUrl) => WhatwgUrl;
/** An http(s) URL's socket twin: `http:` → `ws:`, `https:` → `wss:` (other schemes unchanged). */
function socketScheme(url: WhatwgUrl): WhatwgUrl {
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  return url;
}

/**
 * The runtime settings as the browser uses them: each URL that /config.json gives as a path (the
 * server answers paths unless PUBLIC_URL is set) is resolved against the page's own address, and
 * the realtime socket's gets the page's scheme as a socket scheme (http → ws, https → wss).
 * Absolute URLs are kept as they are. Client libraries (the WebSocket constructor, the realtime
 * handshake's `host`) need absolute URLs.
 */
export function resolveRuntimeConfig(config: RuntimeConfig, pageUrl: string): RuntimeConfig {
  const resolve = (url: string) => new URL(url, pageUrl).toString();
  const pool = (settings: RuntimeConfig['identity']['regular']) => ({
    ...settings,
    endpoint: resolve(settings.endpoint),
  });
  return {
    ...config,
    apiBase: { user: resolve(config.apiBase.user), patent: resolve(config.apiBase.patent) },
    identity: { regular: pool(config.identity.regular), patent: pool(config.identity.patent) },
    realtimeUrl: socketScheme(new URL(config.realtimeUrl, pageUrl)).toString(),
  };
}
