import { describe, expect, it } from 'vitest';
import { FakeSocket, RealtimeClient } from '@ipportal/realtime';
import { loadRuntimeConfig } from './runtime-config';

/** What the server answers without PUBLIC_URL, as the README's `pnpm start` runs it. */
const pathsOnly = {
  productName: 'IP Portal',
  apiBase: { user: '/user', patent: '/patent' },
  identity: {
    regular: { userPoolId: 'ap-northeast-1_LocalRegular', clientId: 'r', endpoint: '/identity/regular' },
    patent: { userPoolId: 'ap-northeast-1_LocalPatent', clientId: 'p', endpoint: '/identity/patent' },
  },
  realtimeUrl: '/graphql/realtime',
};

const answering =
  (body: unknown): typeof fetch =>
  () =>
    Promise.resolve(Response.json(body));

describe('loadRuntimeConfig', () => {
  it('makes the paths of /config.json absolute against the page, so the realtime client can start', async () => {
    const config = await loadRuntimeConfig(answering(pathsOnly), 'http://localhost:3000/terms');
    expect(config.realtimeUrl).toBe('ws://localhost:3000/graphql/realtime');
    expect(config.apiBase.user).toBe('http://localhost:3000/user');
    expect(config.identity.patent.endpoint).toBe('http://localhost:3000/identity/patent');

    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient({
      url: config.realtimeUrl,
      getToken: () => Promise.resolve('token'),
      createSocket: (url, protocols) => {
        const socket = new FakeSocket(url, protocols);
        sockets.push(socket);
        return socket;
      },
    });
    await expect.poll(() => sockets.length).toBe(1);
    expect(sockets[0]!.url).toBe('ws://localhost:3000/graphql/realtime');
    client.dispose();
  });

  it('an https page gets a wss socket', async () => {
    const config = await loadRuntimeConfig(answering(pathsOnly), 'https://portal.example.co.jp/');
    expect(config.realtimeUrl).toBe('wss://portal.example.co.jp/graphql/realtime');
  });
});
