import { productName, type RuntimeConfig } from '@ipportal/domain';
import type { AppConfig } from '../config.js';

/** Where the realtime socket answers (Amplify: `<GraphQL endpoint>/realtime`). */
export const realtimePath = '/graphql/realtime';

/**
 * The runtime settings of GET /config.json. With PUBLIC_URL every URL is absolute; without it
 * they are paths on the origin the page came from, which also holds behind Vite's dev proxy.
 */
export function runtimeConfig(config: AppConfig): RuntimeConfig {
  const base = config.publicUrl ?? '';
  const pool = (settings: AppConfig['identity']['regular']) => ({
    userPoolId: settings.userPoolId,
    clientId: settings.clientId,
    endpoint: settings.endpoint ?? `${base}${settings.embeddedPath}`,
  });
  return {
    productName,
    apiBase: { user: `${base}/user`, patent: `${base}/patent` },
    identity: { regular: pool(config.identity.regular), patent: pool(config.identity.patent) },
    // The socket itself; Amplify is configured with the GraphQL endpoint, this minus `/realtime`.
    realtimeUrl:
      config.realtimeUrl ??
      (config.publicUrl ? `${config.publicUrl.replace(/^http/, 'ws')}${realtimePath}` : realtimePath),
  };
}
