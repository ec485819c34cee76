import { z } from 'zod';

const identityPoolSettingsSchema = z.object({
  /** e.g. `ap-northeast-1_LocalRegular`; the part after `_` is the SRP pool name. */
  userPoolId: z.string(),
  clientId: z.string(),
  /** The pool's endpoint URL (Cognito's regional URL, or the embedded service on this server). */
  endpoint: z.string(),
});

/**
 * GET /config.json: the runtime settings the web app reads at start, so one build serves any
 * deployment. API bases are where the user (REGULAR) and patent (PATENT) namespaces live.
 */
export const runtimeConfigSchema = z.object({
  productName: z.string(),
  apiBase: z.object({ user: z.string(), patent: z.string() }),
  identity: z.object({ regular: identityPoolSettingsSchema, patent: identityPoolSettingsSchema }),
  /**
   * The realtime socket (AppSync real-time protocol): `wss://host/graphql/realtime`, or the path
   * `/graphql/realtime` on the page's origin. Amplify is configured with the GraphQL endpoint,
   * this URL minus `/realtime` with a `ws:`/`wss:` scheme (it turns `http:` into `wss:`).
   */
  realtimeUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
