/**
 * One subscriber of the realtime benches: a RealtimeClient on its own `ws` socket, subscribed to
 * one topic, resolved once the server started the subscription.
 */
import type { RealtimeData, RealtimeTopic, RealtimeVariables } from '@ipportal/domain';
import { RealtimeClient, realtimeUrl, type RealtimeSocket } from '@ipportal/realtime';
import WebSocket from 'ws';

export interface Subscription<T extends RealtimeTopic> {
  serverUrl: string;
  token: string;
  topic: T;
  variables: RealtimeVariables<T>;
  onData(data: RealtimeData<T>): void;
  /** Sees each socket the client opens, e.g. to count how the server closes it. */
  onSocket(socket: WebSocket): void;
}

/** A refused or silent subscriber (30 s) fails the run: the client itself would retry. */
export function startSubscription<T extends RealtimeTopic>(
  subscription: Subscription<T>,
): Promise<RealtimeClient> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      clearTimeout(timer);
      client.dispose();
      reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
    };
    const timer = setTimeout(() => fail(new Error('subscribe timed out')), 30_000);
    const client = new RealtimeClient({
      url: realtimeUrl(subscription.serverUrl),
      getToken: () => Promise.resolve(subscription.token),
      createSocket: (url, protocols) => {
        const socket = new WebSocket(url, protocols);
        subscription.onSocket(socket);
        return socket as unknown as RealtimeSocket;
      },
      onConnectionError: fail,
    });
    client.subscribe(subscription.topic, subscription.variables, {
      onData: (data) => subscription.onData(data),
      onStarted: () => {
        clearTimeout(timer);
        resolve(client);
      },
      onError: fail,
    });
  });
}
