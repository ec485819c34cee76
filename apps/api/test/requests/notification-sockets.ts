import { realtimeTopics } from '@ipportal/domain';
import { expect } from 'vitest';
import {
  dataFor,
  type realtimeSockets,
  subscribe,
  tokenOf,
  type RealtimeTestClient,
} from '../support/realtime-client.js';
import type { TestUser } from '../projects/support.js';

/*
 * The sockets of the request notification tests: a user's socket subscribed to its notifications
 * (id `n`) and the sidebar's counts (id `u`), as the web's shell subscribes, and their next frames.
 */

/** `user`'s socket, started on onNotification and onUnreadCounts. */
export async function notifiedSocket(realtime: ReturnType<typeof realtimeSockets>, user: TestUser) {
  const socket = await realtime.connect(user);
  expect((await subscribe(socket, 'n', 'onNotification', {}, tokenOf(user))).type).toBe('start_ack');
  expect((await subscribe(socket, 'u', 'onUnreadCounts', {}, tokenOf(user))).type).toBe('start_ack');
  return socket;
}

/** The socket's next notification. */
export const notificationOf = async (socket: RealtimeTestClient) =>
  realtimeTopics.onNotification.data.parse((await socket.next(dataFor('n'))).payload?.data?.onNotification);

/** The socket's next sidebar counts. */
export const countsOf = async (socket: RealtimeTestClient) =>
  realtimeTopics.onUnreadCounts.data.parse((await socket.next(dataFor('u'))).payload?.data?.onUnreadCounts);
