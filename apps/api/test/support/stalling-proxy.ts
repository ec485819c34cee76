import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can stall chosen connections: their bytes stop flowing
 * both ways while both sockets stay open, as on a half-open connection (a cut cable, a NAT that
 * forgot the flow). Neither side sees a close, so only a heartbeat can tell. Connections opened
 * later pass as usual.
 */
export interface StallingProxy {
  /** `url` with its host and port pointing at the proxy. */
  url: string;
  /** Stalls the open connections whose PostgreSQL side (the proxy's outgoing socket) uses one of `ports` (pg_stat_activity.client_port); every open one without `ports`. */
  stall(ports?: readonly number[]): number;
  close(): Promise<void>;
}

export async function startStallingProxy(targetUrl: string): Promise<StallingProxy> {
  const target = new URL(targetUrl);
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = Object.assign(new URL(targetUrl), { hostname: '127.0.0.1', port: String(port) }).toString();
  return {
    url,
    stall(ports) {
      let stalled = 0;
      for (const { client, upstream } of pairs) {
        if (ports && !ports.includes(upstream.localPort ?? -1)) continue;
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        stalled += 1;
      }
      return stalled;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
