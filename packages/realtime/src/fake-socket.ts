import type { RealtimeSocket } from './socket.js';

/**
 * A stand-in for the WebSocket in tests (this package's and the web app's): records what the
 * client sends and lets the test play the server (open, frames, close). Every socket a client
 * creates is kept in order.
 */
export class FakeSocket implements RealtimeSocket {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: RealtimeSocket['onopen'] = null;
  onmessage: RealtimeSocket['onmessage'] = null;
  onerror: RealtimeSocket['onerror'] = null;
  onclose: RealtimeSocket['onclose'] = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server: the upgrade succeeded. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server sends a frame. */
  receive(frame: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The server (or the network) closes the socket. */
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** Frames of a type the client sent. */
  sentOf(type: string) {
    return this.sent.filter((frame) => frame.type === type);
  }

  /** Opens and acknowledges, as a healthy server does. */
  accept(connectionTimeoutMs = 300_000) {
    this.open();
    this.receive({ type: 'connection_ack', payload: { connectionTimeoutMs } });
  }
}

/** A `createSocket` that makes FakeSockets and keeps them in order. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    createSocket: (url: string, protocols: string[]) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    get last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket yet');
      return socket;
    },
  };
}
