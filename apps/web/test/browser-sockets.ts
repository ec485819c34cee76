import { FakeSocket } from '@ipportal/realtime';
import { waitFor } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';

const slow = { timeout: 20_000 };

/**
 * Fake sockets in place of the browser's WebSocket: a test that calls
 * `vi.stubGlobal('WebSocket', BrowserSocket)` finds every socket the app opens in `sockets`.
 * Call once at a test file's top level: after each test the list is emptied and only the socket
 * is put back, because the setup's other stubs (File, Blob, FormData for fetch) must stay.
 */
export function fakeBrowserSockets() {
  const sockets: FakeSocket[] = [];
  class BrowserSocket extends FakeSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  }
  const browserWebSocket = globalThis.WebSocket;
  afterEach(() => {
    sockets.length = 0;
    vi.stubGlobal('WebSocket', browserWebSocket);
  });
  /** The page's one socket, once it is open, accepted by the fake server. */
  const acceptedSocket = async (): Promise<FakeSocket> => {
    await waitFor(() => expect(sockets).toHaveLength(1), slow);
    const socket = sockets[0]!;
    socket.accept();
    return socket;
  };
  return { sockets, BrowserSocket, acceptedSocket };
}

/** The subscriptions a socket started: their id, root field (`onChatRoom`, ...), document and variables. */
export const startsOf = (socket: FakeSocket) =>
  socket.sentOf('start').map((frame) => {
    const payload = frame.payload as { data: string };
    const { query, variables } = JSON.parse(payload.data) as { query: string; variables: unknown };
    return { id: frame.id as string, root: /\{\s*(\w+)/.exec(query)?.[1], query, variables };
  });

/** The socket's starts, once it has started `root`. */
export async function startsOnce(socket: FakeSocket, root: string) {
  await waitFor(() => expect(startsOf(socket).map((s) => s.root)).toContain(root), slow);
  return startsOf(socket);
}
