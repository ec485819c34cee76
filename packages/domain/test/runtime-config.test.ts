import { describe, expect, test } from 'vitest';
import { resolveRuntimeConfig, type RuntimeConfig } from '../src/index.js';

const pool = (name: string, endpoint: string) => ({
  userPoolId: `ap-northeast-1_${name}`,
  clientId: `${name}-client`,
  endpoint,
});

/** What the server answers without PUBLIC_URL (`pnpm start`): paths on the page's origin. */
const pathsOnly: RuntimeConfig = {
  productName: 'IP Portal',
  apiBase: { user: '/user', patent: '/patent' },
  identity: { regular: pool('R', '/identity/regular'), patent: pool('P', '/identity/patent') },
  realtimeUrl: '/graphql/realtime',
};

describe('resolveRuntimeConfig: the config as the browser uses it', () => {
  test('paths are resolved against the page, the socket with ws: on an http page', () => {
    const resolved = resolveRuntimeConfig(pathsOnly, 'http://localhost:3000/terms?tab=overdue');
    expect(resolved.apiBase).toEqual({
      user: 'http://localhost:3000/user',
      patent: 'http://localhost:3000/patent',
    });
    expect(resolved.identity.regular.endpoint).toBe('http://localhost:3000/identity/regular');
    expect(resolved.identity.patent.endpoint).toBe('http://localhost:3000/identity/patent');
    expect(resolved.realtimeUrl).toBe('ws://localhost:3000/graphql/realtime');
    // The realtime client reads the host for its handshake; a path alone throws there.
    expect(new URL(resolved.realtimeUrl).host).toBe('localhost:3000');
  });

  test('an https page gets wss:', () => {
    const resolved = resolveRuntimeConfig(pathsOnly, 'https://portal.example.co.jp/projects');
    expect(resolved.realtimeUrl).toBe('wss://portal.example.co.jp/graphql/realtime');
    expect(resolved.apiBase.user).toBe('https://portal.example.co.jp/user');
  });

  test('absolute URLs (PUBLIC_URL, REALTIME_URL, AWS Cognito) are kept', () => {
    const absolute: RuntimeConfig = {
      ...pathsOnly,
      apiBase: { user: 'https://api.example.com/user', patent: 'https://api.example.com/patent' },
      identity: {
        regular: pool('R', 'https://cognito-idp.ap-northeast-1.amazonaws.com/'),
        patent: pool('P', 'https://cognito-idp.ap-northeast-1.amazonaws.com/'),
      },
      realtimeUrl: 'wss://abc.appsync-realtime-api.ap-northeast-1.amazonaws.com/graphql',
    };
    expect(resolveRuntimeConfig(absolute, 'http://localhost:3000/')).toEqual(absolute);
  });
});
